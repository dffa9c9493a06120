import type { Context, MiddlewareHandler } from "hono";
import { AppError } from "~/lib/app-error";
import { answerError } from "~/lib/error-table";
import { FORM_FIELDS_MAX, JSON_DEPTH_MAX } from "~/domain/request-limits";
import { isUnsafeText, nestsDeeperThan, unsafeField, unsafeJsonField } from "~/lib/unsafe-text";
import { messages } from "~/texts/messages";
import type { AppEnv } from "./app";
import { errorResponse } from "./errors";

export interface InputGuardOptions {
  /** The most a request to this path may send, in bytes. */
  limitFor: (path: string) => number;
  /**
   * Paths whose handlers read the body themselves: the guard limits their size but neither
   * buffers nor inspects them (the Checkout press, decision 0016; Stripe's signed webhook, whose
   * signature covers the exact bytes).
   */
  readsOwnBody: (path: string) => boolean;
}

/**
 * Every request passes here before any route sees it (DESIGN §3: malformed input is a 4xx, never a
 * 500).
 *
 * - The address: a path with broken percent-encoding, or a path or query string carrying text
 *   PostgreSQL cannot store (NUL, lone surrogates), is a 400 naming the query field.
 * - The size: one limit for every body (`limitFor`), answered with 413 and never read past. A
 *   declared Content-Length is judged before a byte is read; when Node's HTTP parser delivered
 *   the request it reads exactly that many bytes, so the cheap path (Hono's direct read, no web
 *   stream) stays. A body without one (chunked), or a request that did not come through Node's
 *   parser, is counted as it streams and abandoned the moment it passes the limit.
 * - The fields: forms (URL-encoded and multipart) and JSON are read here, once, and a field
 *   carrying unsafe text is a 400 naming it; a form or JSON that cannot be parsed, a form of more
 *   than FORM_FIELDS_MAX fields or JSON nested deeper than JSON_DEPTH_MAX is a 400. The routes then
 *   read the same bytes from a buffered request.
 */
export function inputGuard(options: InputGuardOptions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const addressProblem = urlProblem(c.req.url);
    if (addressProblem) return refuse(c, addressProblem);
    const method = c.req.method;
    if (method === "GET" || method === "HEAD") return next();

    const path = c.req.path;
    const limit = options.limitFor(path);
    const declared = c.req.header("Content-Length");
    if (declared !== undefined && !/^\d+$/.test(declared.trim()))
      return refuse(c, new AppError("bad_request", "Content-Length must be a number of bytes."));
    if (declared !== undefined && Number(declared) > limit) return refuse(c, new AppError("too_large"));
    // Node's parser never hands over more than a declared length, nor a body with neither header.
    const fromNode = Boolean((c.env as { incoming?: unknown } | undefined)?.incoming);
    const lengthKept = fromNode && declared !== undefined;
    if (fromNode && declared === undefined && !c.req.header("Transfer-Encoding")) return next();

    if (options.readsOwnBody(path)) {
      if (lengthKept || !c.req.raw.body) return next();
      const counted = countedBody(c.req.raw.body, limit);
      c.req.raw = new Request(c.req.url, {
        method,
        headers: c.req.raw.headers,
        body: counted.stream,
        duplex: "half",
        signal: c.req.raw.signal,
      } as RequestInit);
      await next();
      if (counted.overflowed()) replaceResponse(c, refuse(c, new AppError("too_large")));
      return;
    }

    let bytes: Uint8Array<ArrayBuffer> | null;
    if (lengthKept) bytes = new Uint8Array(await c.req.raw.arrayBuffer());
    else bytes = c.req.raw.body ? await readUpTo(c.req.raw.body, limit) : new Uint8Array(0);
    if (!bytes) return refuse(c, new AppError("too_large"));
    const fieldProblem = await bodyProblem(bytes, c.req.header("Content-Type") ?? "");
    if (fieldProblem) return refuse(c, fieldProblem);
    c.req.raw = new Request(c.req.url, {
      method,
      headers: c.req.raw.headers,
      body: bytes.byteLength > 0 ? bytes : null,
      signal: c.req.raw.signal,
    });
    return next();
  };
}

/** What is wrong with a request's address, if anything. */
export function urlProblem(url: string): AppError | null {
  const start = url.indexOf("/", url.indexOf("://") + 3);
  const queryAt = url.indexOf("?", start);
  const path = queryAt === -1 ? url.slice(start) : url.slice(start, queryAt);
  if (path.includes("%")) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return new AppError("bad_request", messages.generic.badAddress, { field: "path" });
    }
    if (isUnsafeText(decoded)) return new AppError("bad_request", messages.generic.badAddress, { field: "path" });
  }
  // Query strings are decoded leniently (a stray % from another site's link stays a %), as every
  // reader of them does; only what the database would refuse is refused.
  if (queryAt !== -1 && url.includes("%", queryAt)) {
    const field = unsafeField(new URLSearchParams(url.slice(queryAt + 1).split("#")[0]));
    if (field) return new AppError("bad_request", messages.generic.unsafeText(field), { field });
  }
  return null;
}

/** What is wrong with a form or JSON body, if anything. Other content types are left to their route. */
async function bodyProblem(bytes: Uint8Array<ArrayBuffer>, contentType: string): Promise<AppError | null> {
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  const unsafe = (field: string) => new AppError("bad_request", messages.generic.unsafeText(field), { field });
  const tooMany = new AppError("bad_request", messages.generic.tooManyFields(FORM_FIELDS_MAX));
  if (type === "application/x-www-form-urlencoded") {
    const form = new URLSearchParams(new TextDecoder().decode(bytes));
    if (form.size > FORM_FIELDS_MAX) return tooMany;
    const field = unsafeField(form);
    return field ? unsafe(field) : null;
  }
  if (type === "multipart/form-data") {
    let form: FormData;
    try {
      form = await new Response(bytes, { headers: { "Content-Type": contentType } }).formData();
    } catch {
      return new AppError("bad_request", "That form could not be read. Please try again.");
    }
    let fields = 0;
    for (const _ of form.keys()) if (++fields > FORM_FIELDS_MAX) return tooMany;
    const field = unsafeField(form.entries());
    return field ? unsafe(field) : null;
  }
  if (type === "application/json" || type.endsWith("+json")) {
    if (bytes.byteLength === 0) return null;
    let value: unknown;
    try {
      value = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      return new AppError("bad_request", "The request body is not valid JSON.");
    }
    if (nestsDeeperThan(value, JSON_DEPTH_MAX))
      return new AppError("bad_request", messages.generic.nestedTooDeeply(JSON_DEPTH_MAX));
    const field = unsafeJsonField(value);
    return field ? unsafe(field) : null;
  }
  return null;
}

/** The whole body, or null as soon as it passes `limit` (the rest is never read). */
async function readUpTo(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      // Let go rather than cancel: cancelling a Node request's stream destroys its socket, and the
      // 413 would never reach the client. Node drains or closes what is left after the answer.
      reader.releaseLock();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The body passed through a counter that fails the stream once it passes `limit`. */
function countedBody(body: ReadableStream<Uint8Array>, limit: number) {
  const reader = body.getReader();
  let total = 0;
  let overflowed = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      total += value.byteLength;
      if (total > limit) {
        overflowed = true;
        reader.releaseLock();
        return controller.error(new AppError("too_large"));
      }
      controller.enqueue(value);
    },
  });
  return { stream, overflowed: () => overflowed };
}

/** The refusal: JSON for the API, a short plain page for everything else. A 413 also closes the connection. */
function refuse(c: Context<AppEnv>, error: AppError): Response {
  const { status, message } = answerError(error);
  const response = c.req.path.startsWith("/api/") ? errorResponse(c, error) : c.text(message, status);
  if (error.code === "too_large") response.headers.set("Connection", "close");
  return response;
}

function replaceResponse(c: Context<AppEnv>, response: Response) {
  // Hono copies the previous response's headers onto a new one: clear it first.
  c.res = undefined;
  c.res = response;
}
