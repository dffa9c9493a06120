import zlib, { brotliDecompressSync, gunzipSync } from "node:zlib";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { compress, FLUSH_WITHIN_MS, zlibStream } from "./compress";

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

  it("weighs what the client accepts: a weight of zero refuses an encoding, any other accepts it", async () => {
    const encodingFor = async (accept: string) =>
      (await app.request("/big", { headers: { "Accept-Encoding": accept } })).headers.get("Content-Encoding");
    expect(await encodingFor("br;q=0, gzip")).toBe("gzip");
    expect(await encodingFor("gzip;q=0.0, br;q=0")).toBeNull();
    expect(await encodingFor("br;q=1, gzip;q=0.5")).toBe("br");
    expect(await encodingFor("identity, *;q=0.1")).toBe("br");
    // `*` stands for what the client did not name, not for what it refused.
    expect(await encodingFor("br;q=0, *")).toBe("gzip");
    expect(await encodingFor("BR")).toBe("br");
  });

  it("lets the build's own Brotli copy of a file answer however the client writes its weights", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "tb-static-"));
    onTestFinished(() => fs.rmSync(root, { recursive: true, force: true }));
    const script = "console.log('Ticketyboo');\n".repeat(100);
    fs.writeFileSync(path.join(root, "app.js"), script);
    fs.writeFileSync(path.join(root, "app.js.br"), zlib.brotliCompressSync(script));
    const files = new Hono().use(compress()).use("*", serveStatic({ root, precompressed: true }));
    for (const accept of ["br;q=1, gzip;q=0.8", "gzip, br"]) {
      const res = await files.request("/app.js", { headers: { "Accept-Encoding": accept } });
      expect(res.headers.get("Content-Encoding")).toBe("br");
      // The copy on disk, whole, with its length: not the file compressed again as it is sent.
      expect(res.headers.get("Content-Length")).toBe(String(fs.statSync(path.join(root, "app.js.br")).size));
      expect(brotliDecompressSync(await bytes(res)).toString()).toBe(script);
    }
  });

  it("leaves small bodies, images and clients that accept neither alone", async () => {
    expect(
      (await app.request("/small", { headers: { "Accept-Encoding": "br" } })).headers.get("Content-Encoding"),
    ).toBeNull();
    expect(
      (await app.request("/image", { headers: { "Accept-Encoding": "br" } })).headers.get("Content-Encoding"),
    ).toBeNull();
    expect((await app.request("/big")).headers.get("Content-Encoding")).toBeNull();
  });

  it("survives a client that goes away mid-stream: late compressed chunks are dropped, not thrown", async () => {
    const errors: unknown[] = [];
    const onError = (error: unknown) => errors.push(error);
    process.on("uncaughtException", onError);
    try {
      const z = zlib.createBrotliCompress();
      const { readable, writable } = zlibStream(z);
      const writer = writable.getWriter();
      const reader = readable.getReader();
      // The client is reading, a chunk is being compressed, and then the client goes away:
      // zlib emits the compressed chunk after the stream was cancelled.
      void reader.read().catch(() => undefined);
      const pending = writer.write(new TextEncoder().encode("<p>Ticketyboo</p>".repeat(400))).catch(() => undefined);
      await new Promise((r) => setImmediate(r));
      await reader.cancel(new Error("client went away"));
      await pending;
      await new Promise((r) => setTimeout(r, 100));
      expect(errors).toEqual([]);
      expect(z.destroyed).toBe(true);
    } finally {
      process.off("uncaughtException", onError);
    }
  });

  it("compresses a burst of small pieces together, not each on its own", async () => {
    // A page as React writes it: many small pieces, one right after another. The clock stands still
    // here, so "right after" holds however busy the machine is (at a load of 12 a real 2 ms pause
    // fell between pieces and split the burst).
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const pieces = Array.from(
      { length: 60 },
      (_, i) => `<li class="card"><a href="/events/e-${i}">Event ${i}</a></li>`,
    );
    const { readable, writable } = zlibStream(zlib.createBrotliCompress());
    const out: Uint8Array[] = [];
    const reading = (async () => {
      for await (const chunk of readable) out.push(chunk);
    })();
    const writer = writable.getWriter();
    for (const piece of pieces) await writer.write(new TextEncoder().encode(piece));
    await writer.close();
    await reading;
    const body = Buffer.concat(out);
    expect(brotliDecompressSync(body).toString()).toBe(pieces.join(""));
    const whole = zlib.brotliCompressSync(pieces.join("")).length;
    expect(body.length).toBeLessThan(whole * 1.1);
    expect(out.length).toBeLessThan(pieces.length / 4);
  });

  it("still sends what has been written when the writer pauses, before the stream ends", async () => {
    const { readable, writable } = zlibStream(zlib.createGzip());
    const writer = writable.getWriter();
    const reader = readable.getReader();
    const received: Uint8Array[] = [];
    const decoded = () =>
      zlib.gunzipSync(Buffer.concat(received), { finishFlush: zlib.constants.Z_SYNC_FLUSH }).toString();
    const reading = (async () => {
      // The gzip header may come first on its own: read until the text itself arrives.
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        received.push(value);
        if (decoded() === "<header>Ticketyboo</header>") return;
      }
    })();
    await writer.write(new TextEncoder().encode("<header>Ticketyboo</header>"));
    const late = new Promise<"late">((r) => setTimeout(() => r("late"), FLUSH_WITHIN_MS * 10));
    expect(await Promise.race([reading, late])).not.toBe("late");
    expect(decoded()).toBe("<header>Ticketyboo</header>");
    await reader.cancel();
  });
});
