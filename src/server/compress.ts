import zlib from "node:zlib";
import type { MiddlewareHandler } from "hono";

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|ld\+json|manifest\+json|rss\+xml)|image\/svg\+xml)/;
const MIN_BYTES = 1024;

/**
 * Brotli or gzip, chosen by Accept-Encoding (weighed, for this and for the static files after it).
 * Streams (so server-rendered pages still stream) and flushes each chunk, which keeps React's
 * progressive HTML arriving as it is rendered.
 */
export function compress(): MiddlewareHandler {
  return async (c, next) => {
    const header = c.req.header("Accept-Encoding");
    const offered = ["br", "gzip"].filter((e) => acceptedEncodings(header ?? "").has(e));
    // The build's Brotli and gzip copies are chosen after this by the encodings' names alone (`br;q=1`
    // would not find Brotli's, and a large script would be compressed afresh): files are fetched, so
    // a GET sees the header weighed.
    const weighed = offered.join(", ");
    if (c.req.method === "GET" && header !== undefined && header !== weighed)
      c.req.raw.headers.set("Accept-Encoding", weighed);
    await next();
    const res = c.res;
    if (res.headers.has("Content-Encoding") || c.req.method === "HEAD") return;
    const type = res.headers.get("Content-Type") ?? "";
    if (!COMPRESSIBLE.test(type)) return;
    const length = Number(res.headers.get("Content-Length") ?? NaN);
    if (length < MIN_BYTES) return;
    const encoding = offered[0];
    if (!encoding) return;
    // The body last: asking for it turns the server's lightweight response into a web stream, which
    // costs more than many a response (a Checkout press's answer, say) does in all.
    if (!res.body) return;
    const compressor =
      encoding === "br"
        ? zlib.createBrotliCompress({
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
          })
        : zlib.createGzip();
    const headers = new Headers(res.headers);
    headers.set("Content-Encoding", encoding);
    headers.delete("Content-Length");
    headers.append("Vary", "Accept-Encoding");
    // Hono copies the previous response's headers onto a new one (Content-Length included, which
    // would make clients wait for bytes that never come): clear it first.
    c.res = undefined;
    c.res = new Response(res.body.pipeThrough(zlibStream(compressor)), { status: res.status, headers });
  };
}

/**
 * The encodings a client accepts (RFC 9110 §12.5.3): each name with a weight above zero, so
 * `br;q=0` refuses Brotli; `*` stands for any not named.
 */
export function acceptedEncodings(header: string): Set<string> {
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.split(";").map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    if (name) weights.set(name, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  // `*` stands for the encodings the client did not name.
  const any = weights.get("*") ?? 0;
  return new Set(["br", "gzip", ...weights.keys()].filter((e) => e !== "*" && (weights.get(e) ?? any) > 0));
}

/**
 * Bridges a zlib stream to a web TransformStream. Chunks that come in a burst (React writes a
 * page as dozens of small pieces within a few milliseconds) are compressed together and flushed
 * once the burst pauses, FLUSH_AFTER_MS after the last chunk and never more than FLUSH_WITHIN_MS
 * after the first unflushed one: flushing after every piece made a page about a tenth larger
 * (each flush ends a compressed block), while a pause of a few milliseconds still sends what is
 * rendered as it renders. The output ends as soon as the input does.
 * A client that goes away cancels the stream while zlib may still be emitting: those late chunks
 * are dropped and the compressor destroyed, never enqueued into a closed stream (which throws
 * outside any request and would take the whole process down).
 */
export const FLUSH_AFTER_MS = 2;
export const FLUSH_WITHIN_MS = 20;

export function zlibStream(z: zlib.BrotliCompress | zlib.Gzip): TransformStream<Uint8Array, Uint8Array> {
  let open = true;
  let timer: NodeJS.Timeout | null = null;
  let unflushedSince = 0;
  const cancelFlush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  const flushNow = () => {
    cancelFlush();
    unflushedSince = 0;
    if (open) z.flush();
  };
  const flushSoon = () => {
    const now = Date.now();
    if (!unflushedSince) unflushedSince = now;
    if (now - unflushedSince >= FLUSH_WITHIN_MS) return flushNow();
    cancelFlush();
    timer = setTimeout(flushNow, FLUSH_AFTER_MS);
  };
  const stop = () => {
    open = false;
    cancelFlush();
    z.destroy();
  };
  return new TransformStream<Uint8Array, Uint8Array>({
    start(controller) {
      z.on("data", (chunk: Buffer) => {
        if (!open) return;
        try {
          controller.enqueue(new Uint8Array(chunk));
        } catch {
          stop();
        }
      });
      z.on("error", (error) => {
        if (!open) return;
        open = false;
        try {
          controller.error(error);
        } catch {
          // already closed: nobody is listening any more
        }
      });
    },
    transform(chunk) {
      if (!open) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        z.write(chunk, (error) => {
          if (error) return reject(error);
          flushSoon();
          resolve();
        });
      });
    },
    flush() {
      cancelFlush();
      if (!open) return Promise.resolve();
      return new Promise<void>((resolve) => {
        z.once("end", () => {
          open = false;
          resolve();
        });
        z.once("close", resolve);
        z.end();
      });
    },
  });
}
