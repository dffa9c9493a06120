import { Hono } from "hono";
import type { FileStorage } from "../storage/local-storage.server";

/** Serves stored files by key. Keys are content-addressed or never rewritten, so they cache long. */
export function mediaRoutes(storage: FileStorage) {
  return new Hono().get("/*", async (c) => {
    let key: string;
    try {
      key = decodeURIComponent(c.req.path.replace(/^\/media\//, ""));
    } catch {
      return c.text("Not found", 404);
    }
    const file = await storage.read(key);
    if (!file) return c.text("Not found", 404);
    c.header("Content-Type", file.contentType);
    c.header("Cache-Control", "public, max-age=86400");
    c.header("X-Content-Type-Options", "nosniff");
    return c.body(new Uint8Array(file.data));
  });
}
