import { Duplex } from "node:stream";
import zlib from "node:zlib";
import type { MiddlewareHandler } from "hono";

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|ld\+json|manifest\+json|rss\+xml)|image\/svg\+xml)/;
const MIN_BYTES = 1024;

/**
 * Brotli or gzip, chosen by Accept-Encoding. Streams (so server-rendered pages still stream) and
 * flushes each chunk, which keeps React's progressive HTML arriving as it is rendered.
 */
export function compress(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (!res.body || res.headers.has("Content-Encoding") || c.req.method === "HEAD") return;
    const type = res.headers.get("Content-Type") ?? "";
    if (!COMPRESSIBLE.test(type)) return;
    const length = Number(res.headers.get("Content-Length") ?? NaN);
    if (length < MIN_BYTES) return;
    const accept = c.req.header("Accept-Encoding") ?? "";
    const encoding = /\bbr\b/.test(accept) ? "br" : /\bgzip\b/.test(accept) ? "gzip" : null;
    if (!encoding) return;
    const compressor =
      encoding === "br"
        ? zlib.createBrotliCompress({
            flush: zlib.constants.BROTLI_OPERATION_FLUSH,
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
          })
        : zlib.createGzip({ flush: zlib.constants.Z_SYNC_FLUSH });
    const { readable, writable } = Duplex.toWeb(compressor) as unknown as TransformStream<Uint8Array, Uint8Array>;
    const headers = new Headers(res.headers);
    headers.set("Content-Encoding", encoding);
    headers.delete("Content-Length");
    headers.append("Vary", "Accept-Encoding");
    c.res = new Response(res.body.pipeThrough({ readable, writable }), { status: res.status, headers });
  };
}
