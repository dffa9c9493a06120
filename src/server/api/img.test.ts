import fs from "node:fs";
import path from "node:path";
import { Hono } from "hono";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { createTestApp } from "../../../tests/setup/test-app";
import { createTestDatabase } from "../../../tests/setup/test-db";
import { createLocalStorage, type FileStorage } from "../storage/local-storage.server";
import { chooseFormat, imageRoutes, mediaKey, snapQuality } from "./img";

let database: Database;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
const dataDir = `/tmp/ticketyboo-img-test-${process.pid}`;

beforeAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  database = await createTestDatabase();
  testApp = await createTestApp(database, { DATA_DIR: dataDir });
  const photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 200, g: 20, b: 90 } } })
    .jpeg()
    .toBuffer();
  await testApp.storage.save("events/cover.jpg", photo, "image/jpeg");
  await testApp.storage.save("events/small.jpg", await sharp(photo).resize(400).toBuffer(), "image/jpeg");
  await testApp.storage.save("events/not-an-image.jpg", Buffer.from("hello"), "image/jpeg");
});

afterAll(async () => {
  await testApp.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const get = (query: string, accept = "image/avif,image/webp,*/*") =>
  testApp.app.request(`/img?${query}`, { headers: { Accept: accept } });
const json = async (res: Response) =>
  (await res.json()) as { error: { code: string; message: string; details: { field: string } } };

describe("GET /img", () => {
  it("resizes a stored image to the width asked, as AVIF, WebP or JPEG by Accept", async () => {
    for (const [accept, format, type] of [
      ["image/avif,image/webp,*/*", "heif", "image/avif"],
      ["image/webp,*/*", "webp", "image/webp"],
      ["*/*", "jpeg", "image/jpeg"],
    ] as const) {
      const res = await get("url=%2Fmedia%2Fevents%2Fcover.jpg&w=640", accept);
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toBe(type);
      expect(res.headers.get("Vary")).toBe("Accept");
      expect(res.headers.get("Cache-Control")).toContain("immutable");
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.format).toBe(format);
      expect(meta.width).toBe(640);
      expect(meta.height).toBe(360);
    }
  });

  it("may be loaded by other sites (a mail program), as the stored picture and open pixel; pages not", async () => {
    const corp = (res: Response) => res.headers.get("Cross-Origin-Resource-Policy");
    const resized = await get("url=%2Fmedia%2Fevents%2Fcover.jpg&w=640");
    expect(resized.status).toBe(200);
    expect(corp(resized)).toBe("cross-origin");
    const stored = await testApp.app.request("/media/events/cover.jpg");
    expect(stored.status).toBe(200);
    expect(corp(stored)).toBe("cross-origin");
    // A pixel with a bad signature is still a pixel (it records nothing).
    const pixel = await testApp.app.request("/api/email/open?t=nope");
    expect(corp(pixel)).toBe("cross-origin");
    for (const path of ["/api/health", "/api/search?q=quiz", "/api/email/click?t=nope", "/mediafile"])
      expect(corp(await testApp.app.request(path)), path).toBe("same-origin");
  });

  it("serves no render of a picture that has been removed, though the render is still on disk", async () => {
    const photo = await sharp({ create: { width: 800, height: 450, channels: 3, background: "#336699" } })
      .jpeg()
      .toBuffer();
    await testApp.storage.save("events/replaced.jpg", photo, "image/jpeg");
    expect((await get("url=%2Fmedia%2Fevents%2Freplaced.jpg&w=640", "*/*")).status).toBe(200);
    await testApp.storage.remove("events/replaced.jpg");
    expect((await testApp.app.request("/media/events/replaced.jpg")).status).toBe(404);
    expect((await get("url=%2Fmedia%2Fevents%2Freplaced.jpg&w=640", "*/*")).status).toBe(404);
  });

  it("never enlarges a small image", async () => {
    const res = await get("url=%2Fmedia%2Fevents%2Fsmall.jpg&w=1200", "*/*");
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(400);
  });

  it("caches each result on disk and serves the same bytes again", async () => {
    const first = Buffer.from(await (await get("url=%2Fmedia%2Fevents%2Fcover.jpg&w=828&q=60", "*/*")).arrayBuffer());
    const cached = fs
      .readdirSync(path.join(dataDir, "cache/img"), { recursive: true })
      .filter((f) => String(f).endsWith(".jpeg"));
    expect(cached.length).toBeGreaterThan(0);
    // With the stored file changed under it (a stored picture never is: each upload has a new key), the cache still
    // answers, with the first render's bytes.
    await testApp.storage.save(
      "events/cover.jpg",
      await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#00ff00" } })
        .jpeg()
        .toBuffer(),
      "image/jpeg",
    );
    const second = Buffer.from(await (await get("url=%2Fmedia%2Fevents%2Fcover.jpg&w=828&q=60", "*/*")).arrayBuffer());
    expect(second.equals(first)).toBe(true);
    await testApp.storage.save(
      "events/cover.jpg",
      await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#c8175f" } })
        .jpeg()
        .toBuffer(),
      "image/jpeg",
    );
  });

  it("refuses outside URLs, traversal and paths outside /media with 400", async () => {
    for (const url of [
      "https://example.com/a.jpg",
      "//example.com/a.jpg",
      "http://localhost:3000/media/events/cover.jpg",
      "/media/../pglite/x",
      "/media/%2e%2e/secrets",
      "/assets/app.js",
      "/media/",
    ]) {
      const res = await get(`url=${encodeURIComponent(url)}&w=640`);
      expect(res.status, url).toBe(400);
      expect((await json(res)).error.details.field).toBe("url");
    }
  });

  it("refuses widths outside the set and bad qualities with 400, naming them", async () => {
    for (const w of ["500", "641", "4000", "abc", "-640"]) {
      const res = await get(`url=%2Fmedia%2Fevents%2Fcover.jpg&w=${w}`);
      expect(res.status, w).toBe(400);
      expect((await json(res)).error.message).toMatch(/^w must be one of 640, 750/);
    }
    for (const q of ["0", "101", "7.5", "high"]) {
      const res = await get(`url=%2Fmedia%2Fevents%2Fcover.jpg&w=640&q=${q}`);
      expect(res.status, q).toBe(400);
      expect((await json(res)).error.details.field).toBe("q");
    }
  });

  it("answers 404 for a missing image and 400 for a file that is not one", async () => {
    expect((await get("url=%2Fmedia%2Fevents%2Fnope.jpg&w=640")).status).toBe(404);
    expect((await get("url=%2Fmedia%2Fevents%2Fnot-an-image.jpg&w=640")).status).toBe(400);
  });
});

/** A photo-like image (noise, so it does not compress to nothing) of a given size. */
function noise(width: number, height: number, seed: number) {
  const pixels = Buffer.alloc(width * height * 3);
  let x = seed;
  for (let i = 0; i < pixels.length; i++) pixels[i] = (x = (x * 1103515245 + 12345) & 0x7fffffff) >> 16;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The resizer alone, over its own storage and cache, with the bounds a test sets. */
async function resizer(
  name: string,
  bounds: { maxCacheBytes: number; maxConcurrentRenders?: number; maxQueuedRenders?: number },
  wrap = (s: FileStorage) => s,
) {
  const root = path.join(dataDir, name);
  const storage = createLocalStorage(path.join(root, "uploads"));
  const cacheDir = path.join(root, "cache/img");
  const app = new Hono().route("/img", imageRoutes({ storage: wrap(storage), cacheDir, ...bounds }));
  const fetchImage = (key: string, w = 640) =>
    app.request(`/img?url=${encodeURIComponent(`/media/${key}`)}&w=${w}`, { headers: { Accept: "*/*" } });
  const cached = () =>
    fs
      .readdirSync(cacheDir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => fs.statSync(path.join(e.parentPath, e.name)).size);
  return { storage, cacheDir, fetchImage, cached };
}

describe("what /img may cost", () => {
  it("snaps any quality from 1 to 100 to one of three, so a q sweep makes three renders, not a hundred", async () => {
    const before = cachedJpegs();
    for (const q of [1, 20, 50, 62, 63, 75, 80, 82, 83, 99, 100]) {
      const res = await get(`url=%2Fmedia%2Fevents%2Fcover.jpg&w=750&q=${q}`, "*/*");
      expect(res.status, String(q)).toBe(200);
      await res.arrayBuffer();
    }
    expect(cachedJpegs() - before).toBe(3);
    // Asking for the default (no q) is q 75, the render already made.
    await get("url=%2Fmedia%2Fevents%2Fcover.jpg&w=750", "*/*");
    expect(cachedJpegs() - before).toBe(3);
  });

  it("bounds the disk cache, dropping the least recently used (renders from an earlier run too)", async () => {
    // Each read of a stored picture is a render: an answer that reads nothing came from the cache.
    let reads = 0;
    const { storage, cacheDir, fetchImage, cached } = await resizer("bounded", { maxCacheBytes: 200_000 }, (s) => ({
      ...s,
      read: (key) => {
        reads++;
        return s.read(key);
      },
    }));
    // Left by an earlier run: 150 kB, older than anything made now.
    fs.mkdirSync(path.join(cacheDir, "ab"), { recursive: true });
    fs.writeFileSync(path.join(cacheDir, "ab", "old.jpeg"), Buffer.alloc(150_000));
    fs.utimesSync(path.join(cacheDir, "ab", "old.jpeg"), new Date(2020, 0, 1), new Date(2020, 0, 1));
    for (let i = 0; i < 6; i++) await storage.save(`e/${i}.jpg`, await noise(800, 450, i + 1), "image/jpeg");

    const first = await fetchImage("e/0.jpg");
    expect(first.status).toBe(200);
    expect(fs.existsSync(path.join(cacheDir, "ab", "old.jpeg"))).toBe(false);
    for (let i = 1; i < 6; i++) {
      expect((await fetchImage(`e/${i}.jpg`)).status).toBe(200);
      // e/1 is used again and again, so it stays while newer ones come.
      expect((await fetchImage("e/1.jpg")).status).toBe(200);
      const sizes = cached();
      expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(200_000);
    }
    expect(cached().length).toBeLessThan(6);
    // The one used most recently is still in the cache (no render), and so is the newest; the first is rendered again.
    const before = reads;
    expect((await fetchImage("e/1.jpg")).status).toBe(200);
    expect((await fetchImage("e/5.jpg")).status).toBe(200);
    expect(reads).toBe(before);
    expect((await fetchImage("e/0.jpg")).status).toBe(200);
    expect(reads).toBe(before + 1);
  });

  it("renders a bounded number at once, queues a few, and tells the rest to come back", async () => {
    // The storage answers when the test says, so renders can be held in flight.
    let reading = 0;
    let mostAtOnce = 0;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const { storage, fetchImage, cached } = await resizer(
      "busy",
      { maxCacheBytes: 10_000_000, maxConcurrentRenders: 1, maxQueuedRenders: 1 },
      (real) => ({
        ...real,
        async read(key) {
          reading++;
          mostAtOnce = Math.max(mostAtOnce, reading);
          await gate;
          try {
            return await real.read(key);
          } finally {
            reading--;
          }
        },
      }),
    );
    for (let i = 0; i < 3; i++) await storage.save(`e/${i}.jpg`, await noise(400, 300, i + 7), "image/jpeg");

    const asked = [0, 1, 2].map((i) => fetchImage(`e/${i}.jpg`));
    // One renders, one waits for it: the third is refused while both are still held.
    const firstAnswer = await Promise.race(asked);
    expect(firstAnswer.status).toBe(429);
    expect(firstAnswer.headers.get("Retry-After")).toBe("2");
    expect(reading).toBe(1);
    open();
    const statuses = (await Promise.all(asked)).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 429]);
    expect(mostAtOnce).toBe(1);
    expect(cached()).toHaveLength(2);
    // Asked again when the line is clear, the refused one is made.
    expect((await Promise.all([0, 1, 2].map((i) => fetchImage(`e/${i}.jpg`)))).map((r) => r.status)).toEqual([
      200, 200, 200,
    ]);
  });
});

function cachedJpegs() {
  return fs.readdirSync(path.join(dataDir, "cache/img"), { recursive: true }).filter((f) => String(f).endsWith(".jpeg"))
    .length;
}

describe("helpers", () => {
  it("snaps qualities to the nearest of 50, 75 and 90", () => {
    expect([1, 50, 62, 63, 75, 82, 83, 90, 100].map(snapQuality)).toEqual([50, 50, 50, 75, 75, 75, 90, 90, 90]);
  });

  it("takes only our own /media paths", () => {
    expect(mediaKey("/media/seed/events/a.jpg")).toBe("seed/events/a.jpg");
    expect(mediaKey("/media/a%20b.jpg")).toBeNull();
    expect(mediaKey("/media/%E0%A4%A")).toBeNull();
    expect(chooseFormat(undefined)).toBe("jpeg");
  });
});
