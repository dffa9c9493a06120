import { createHash } from "node:crypto";
import { WorkQueueFull, workSlots } from "~/lib/work-slots";
import fs from "node:fs/promises";
import path from "node:path";
import { Hono } from "hono";
import sharp from "sharp";
import { AppError } from "~/lib/app-error";
import { errorResponse } from "../errors";
import { isSafeKey, type FileStorage } from "../storage/local-storage.server";

/** The widths we resize to (spec §9: 640 to 3840); any other width is refused, so the cache stays bounded. */
export const IMAGE_WIDTHS = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;
const DEFAULT_WIDTH = 1080;
const DEFAULT_QUALITY = 75;
/**
 * The qualities we make: any q from 1 to 100 is taken and snapped to the nearest of these, so one
 * image has at most 8 widths × 3 qualities × 3 formats renders, not 2,400.
 */
export const IMAGE_QUALITIES = [50, 75, 90] as const;

export function snapQuality(q: number): number {
  return IMAGE_QUALITIES.reduce((best, step) => (Math.abs(step - q) < Math.abs(best - q) ? step : best));
}

/** Renders at once (each takes a core for up to most of a second) and renders waiting for one. */
const DEFAULT_CONCURRENT_RENDERS = 2;
const DEFAULT_QUEUED_RENDERS = 16;
/** The longest one render may take before it is given up (and answered as an error). */
const RENDER_TIMEOUT_SECONDS = 10;

type Format = "avif" | "webp" | "jpeg";
const CONTENT_TYPE: Record<Format, string> = { avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg" };

/** AVIF, then WebP, by what the browser says it accepts; JPEG for everyone else. */
export function chooseFormat(accept: string | undefined): Format {
  if (accept?.includes("image/avif")) return "avif";
  if (accept?.includes("image/webp")) return "webp";
  return "jpeg";
}

/**
 * The storage key behind a `url` we agree to resize: a path of our own under /media/. Absolute
 * URLs (ours or anyone's), protocol-relative ones, traversal and anything else are refused, so
 * this can never be made to fetch or read something it should not.
 */
export function mediaKey(url: string): string | null {
  if (!url.startsWith("/media/") || url.startsWith("//")) return null;
  let key: string;
  try {
    key = decodeURIComponent(url.slice("/media/".length));
  } catch {
    return null;
  }
  return isSafeKey(key) ? key : null;
}

export interface ImageRouteOptions {
  storage: FileStorage;
  cacheDir: string;
  /** The most the cache may hold on disk; the least recently used renders go first. */
  maxCacheBytes: number;
  maxConcurrentRenders?: number;
  /** Renders that may wait for a free slot; beyond that the request is told to come back (429). */
  maxQueuedRenders?: number;
}

/**
 * `GET /img?url=&w=&q=`: a stored image resized for the page that asked (spec §7), in the best
 * format the browser takes. Anyone may ask, so what it costs is bounded: widths from a fixed set,
 * qualities snapped to three, renders a few at a time with a short queue, and the renders cached on
 * disk under `cacheDir` up to `maxCacheBytes`, so each size is made once while it is in use.
 */
export function imageRoutes(opts: ImageRouteOptions) {
  const pending = new Map<string, Promise<Buffer | null>>();
  const slots = workSlots(
    opts.maxConcurrentRenders ?? DEFAULT_CONCURRENT_RENDERS,
    opts.maxQueuedRenders ?? DEFAULT_QUEUED_RENDERS,
  );
  const cache = diskCache(opts.cacheDir, opts.maxCacheBytes);

  async function render(key: string, width: number, quality: number, format: Format): Promise<Buffer | null> {
    const name = createHash("sha256").update(`${key}\n${width}\n${quality}\n${format}`).digest("hex");
    const file = path.join(name.slice(0, 2), `${name}.${format}`);
    const cached = await cache.read(file);
    // A render outlives nothing it was made from: once the picture is removed (replaced, an account erased), its
    // renders are not served either.
    if (cached) return (await opts.storage.exists(key)) ? cached : null;
    const release = await slots.acquire();
    try {
      const source = await opts.storage.read(key);
      if (!source) return null;
      // A render is bounded in time as an upload's decode is: a stored picture from before uploads were bounded in
      // height could otherwise hold a render slot for many seconds at a large width.
      const image = sharp(source.data, { failOn: "error" })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .timeout({ seconds: RENDER_TIMEOUT_SECONDS });
      const output =
        format === "avif"
          ? image.avif({ quality: Math.max(1, quality - 20), effort: 2 })
          : format === "webp"
            ? image.webp({ quality })
            : image.jpeg({ quality, mozjpeg: true });
      const data = await output.toBuffer();
      await cache.write(file, data);
      return data;
    } finally {
      release();
    }
  }

  return new Hono().get("/", async (c) => {
    const url = c.req.query("url") ?? "";
    const w = c.req.query("w");
    const q = c.req.query("q");
    const key = mediaKey(url);
    if (!key)
      return errorResponse(
        c,
        new AppError("bad_request", "url must be a path of this site under /media/", { field: "url" }),
      );
    const width = w === undefined ? DEFAULT_WIDTH : Number(w);
    if (!(IMAGE_WIDTHS as readonly number[]).includes(width)) {
      return errorResponse(
        c,
        new AppError("bad_request", `w must be one of ${IMAGE_WIDTHS.join(", ")}`, { field: "w" }),
      );
    }
    const asked = q === undefined ? DEFAULT_QUALITY : Number(q);
    if (!Number.isInteger(asked) || asked < 1 || asked > 100) {
      return errorResponse(c, new AppError("bad_request", "q must be a whole number from 1 to 100", { field: "q" }));
    }
    const quality = snapQuality(asked);
    const format = chooseFormat(c.req.header("Accept"));
    const id = `${key}|${width}|${quality}|${format}`;
    // Ten people opening a new page at once make the image once.
    let job = pending.get(id);
    if (!job) {
      job = render(key, width, quality, format).finally(() => pending.delete(id));
      pending.set(id, job);
    }
    let data: Buffer | null;
    try {
      data = await job;
    } catch (error) {
      if (error instanceof WorkQueueFull) {
        c.header("Retry-After", "2");
        return errorResponse(c, new AppError("rate_limited"));
      }
      return errorResponse(c, new AppError("bad_request", "That file is not an image we can resize", { field: "url" }));
    }
    if (!data) return errorResponse(c, new AppError("not_found"));
    c.header("Content-Type", CONTENT_TYPE[format]);
    c.header("Vary", "Accept");
    c.header("Cache-Control", "public, max-age=31536000, immutable");
    c.header("X-Content-Type-Options", "nosniff");
    return c.body(new Uint8Array(data));
  });
}

/**
 * Renders on disk, at most `maxBytes` of them, least recently used first out. What is there is
 * listed once (renders from earlier runs count too, oldest first by time on disk), then kept in step.
 */
function diskCache(dir: string, maxBytes: number) {
  /** Relative file → size, in order of last use (a Map keeps insertion order). */
  const entries = new Map<string, number>();
  let total = 0;
  let listed: Promise<void> | null = null;

  const list = () =>
    (listed ??= (async () => {
      const found: { file: string; size: number; at: number }[] = [];
      for (const name of await fs.readdir(dir, { recursive: true }).catch(() => [] as string[])) {
        const full = path.join(dir, name);
        const stat = await fs.stat(full).catch(() => null);
        if (!stat?.isFile()) continue;
        // Half-written files from a run that stopped mid-write.
        if (name.endsWith(".tmp")) await fs.rm(full, { force: true });
        else found.push({ file: name, size: stat.size, at: stat.mtimeMs });
      }
      for (const f of found.sort((a, b) => a.at - b.at)) {
        if (!entries.has(f.file)) {
          entries.set(f.file, f.size);
          total += f.size;
        }
      }
      await evict();
    })());

  async function evict() {
    for (const [file, size] of entries) {
      if (total <= maxBytes) return;
      entries.delete(file);
      total -= size;
      await fs.rm(path.join(dir, file), { force: true });
    }
  }

  return {
    async read(file: string): Promise<Buffer | null> {
      await list();
      try {
        const data = await fs.readFile(path.join(dir, file));
        const size = entries.get(file);
        if (size !== undefined) {
          entries.delete(file);
          entries.set(file, size);
        }
        return data;
      } catch {
        return null;
      }
    },
    async write(file: string, data: Buffer): Promise<void> {
      await list();
      // A render bigger than the whole cache is served but not kept.
      if (data.length > maxBytes) return;
      const full = path.join(dir, file);
      await fs.mkdir(path.dirname(full), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temp = `${full}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(temp, data);
      await fs.rename(temp, full);
      total += data.length - (entries.get(file) ?? 0);
      entries.delete(file);
      entries.set(file, data.length);
      await evict();
    },
  };
}
