import { createHash } from "node:crypto";
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

/**
 * `GET /img?url=&w=&q=`: a stored image resized for the page that asked (spec §7), in the best
 * format the browser takes. Results are cached on disk under `cacheDir`, so each size is made once.
 */
export function imageRoutes(opts: { storage: FileStorage; cacheDir: string }) {
  const pending = new Map<string, Promise<Buffer | null>>();

  async function render(key: string, width: number, quality: number, format: Format): Promise<Buffer | null> {
    const name = createHash("sha256").update(`${key}\n${width}\n${quality}\n${format}`).digest("hex");
    const file = path.join(opts.cacheDir, name.slice(0, 2), `${name}.${format}`);
    try {
      return await fs.readFile(file);
    } catch {
      // Not made yet.
    }
    const source = await opts.storage.read(key);
    if (!source) return null;
    const image = sharp(source.data, { failOn: "error" }).rotate().resize({ width, withoutEnlargement: true });
    const output =
      format === "avif" ? image.avif({ quality: Math.max(1, quality - 20), effort: 2 }) : format === "webp" ? image.webp({ quality }) : image.jpeg({ quality, mozjpeg: true });
    const data = await output.toBuffer();
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(temp, data);
    await fs.rename(temp, file);
    return data;
  }

  return new Hono().get("/", async (c) => {
    const url = c.req.query("url") ?? "";
    const w = c.req.query("w");
    const q = c.req.query("q");
    const key = mediaKey(url);
    if (!key) return errorResponse(c, new AppError("bad_request", "url must be a path of this site under /media/", { field: "url" }));
    const width = w === undefined ? DEFAULT_WIDTH : Number(w);
    if (!(IMAGE_WIDTHS as readonly number[]).includes(width)) {
      return errorResponse(c, new AppError("bad_request", `w must be one of ${IMAGE_WIDTHS.join(", ")}`, { field: "w" }));
    }
    const quality = q === undefined ? DEFAULT_QUALITY : Number(q);
    if (!Number.isInteger(quality) || quality < 1 || quality > 100) {
      return errorResponse(c, new AppError("bad_request", "q must be a whole number from 1 to 100", { field: "q" }));
    }
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
    } catch {
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
