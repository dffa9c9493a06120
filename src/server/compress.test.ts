import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { compress } from "./compress";

const big = "<p>Ticketyboo</p>".repeat(500);
const app = new Hono()
  .use(compress())
  .get("/big", (c) => c.html(big, 200, { "Content-Length": String(Buffer.byteLength(big)) }))
  .get("/small", (c) => c.text("ok", 200, { "Content-Length": "2" }))
  .get("/image", (c) => c.body(new Uint8Array(4096), 200, { "Content-Type": "image/jpeg", "Content-Length": "4096" }));

const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe("compress", () => {
  it("prefers brotli and the body decodes to the original", async () => {
    const res = await app.request("/big", { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect(res.headers.get("Content-Encoding")).toBe("br");
    expect(res.headers.get("Vary")).toContain("Accept-Encoding");
    expect(res.headers.get("Content-Length")).toBeNull(); // the original length no longer applies
    const body = await bytes(res);
    expect(body.length).toBeLessThan(big.length / 5);
    expect(brotliDecompressSync(body).toString()).toBe(big);
  });

  it("falls back to gzip", async () => {
    const res = await app.request("/big", { headers: { "Accept-Encoding": "gzip" } });
    expect(res.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(await bytes(res)).toString()).toBe(big);
  });

  it("leaves small bodies, images and clients that accept neither alone", async () => {
    expect((await app.request("/small", { headers: { "Accept-Encoding": "br" } })).headers.get("Content-Encoding")).toBeNull();
    expect((await app.request("/image", { headers: { "Accept-Encoding": "br" } })).headers.get("Content-Encoding")).toBeNull();
    expect((await app.request("/big")).headers.get("Content-Encoding")).toBeNull();
  });
});
