import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { createTestApp } from "../../../tests/setup/test-app";
import { createTestDatabase } from "../../../tests/setup/test-db";
import { chooseFormat, mediaKey } from "./img";

let database: Database;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
const dataDir = `/tmp/ticketyboo-img-test-${process.pid}`;

beforeAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  database = await createTestDatabase();
  testApp = await createTestApp(database, { DATA_DIR: dataDir });
  const photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 200, g: 20, b: 90 } } }).jpeg().toBuffer();
  await testApp.storage.save("events/cover.jpg", photo, "image/jpeg");
  await testApp.storage.save("events/small.jpg", await sharp(photo).resize(400).toBuffer(), "image/jpeg");
  await testApp.storage.save("events/not-an-image.jpg", Buffer.from("hello"), "image/jpeg");
});

afterAll(async () => {
  await testApp.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const get = (query: string, accept = "image/avif,image/webp,*/*") => testApp.app.request(`/img?${query}`, { headers: { Accept: accept } });
const json = async (res: Response) => (await res.json()) as { error: { code: string; message: string; details: { field: string } } };

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

  it("never enlarges a small image", async () => {
    const res = await get("url=%2Fmedia%2Fevents%2Fsmall.jpg&w=1200", "*/*");
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(400);
  });

  it("caches each result on disk and serves the same bytes again", async () => {
    const first = Buffer.from(await (await get("url=%2Fmedia%2Fevents%2Fcover.jpg&w=828&q=60", "*/*")).arrayBuffer());
    const cached = fs.readdirSync(path.join(dataDir, "cache/img"), { recursive: true }).filter((f) => String(f).endsWith(".jpeg"));
    expect(cached.length).toBeGreaterThan(0);
    // With the source gone, only the cache can answer.
    await testApp.storage.remove("events/cover.jpg");
    const second = Buffer.from(await (await get("url=%2Fmedia%2Fevents%2Fcover.jpg&w=828&q=60", "*/*")).arrayBuffer());
    expect(second.equals(first)).toBe(true);
    await testApp.storage.save("events/cover.jpg", await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#c8175f" } }).jpeg().toBuffer(), "image/jpeg");
  });

  it("refuses outside URLs, traversal and paths outside /media with 400", async () => {
    for (const url of ["https://example.com/a.jpg", "//example.com/a.jpg", "http://localhost:3000/media/events/cover.jpg", "/media/../pglite/x", "/media/%2e%2e/secrets", "/assets/app.js", "/media/"]) {
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

describe("helpers", () => {
  it("takes only our own /media paths", () => {
    expect(mediaKey("/media/seed/events/a.jpg")).toBe("seed/events/a.jpg");
    expect(mediaKey("/media/a%20b.jpg")).toBeNull();
    expect(mediaKey("/media/%E0%A4%A")).toBeNull();
    expect(chooseFormat(undefined)).toBe("jpeg");
  });
});
