import { createHash } from "node:crypto";
import type { AppLoadContext } from "react-router";
import { renderShareAsset, SHARE_ASSETS, type PosterFacts, type ShareAsset } from "~/services/share-images.server";
import type { ThrottleRule } from "~/services/throttle";

/**
 * The share kit's downloads are drawn on demand, for owners and managers only, and cost up to a
 * second of a core each. So: a picture already drawn for the same words is served from this
 * process's cache (kept by a digest of everything drawn on it, so an edited event draws afresh);
 * a person may have at most RENDERS_PER_PERSON drawn in ten minutes (shared across instances through
 * the throttle); and one process draws one at a time, with at most three waiting (else 429).
 */
export const RENDERS_PER_PERSON: ThrottleRule = { limit: 40, windowMs: 10 * 60_000 };
const CACHE_ENTRIES = 48;
const MAX_WAITING = 3;

const cache = new Map<string, Buffer>();
let busy = false;
const waiting: (() => void)[] = [];

async function oneAtATime<T>(work: () => Promise<T>): Promise<T | null> {
  if (busy) {
    if (waiting.length >= MAX_WAITING) return null;
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  busy = true;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else busy = false;
  }
}

function tooBusy(retryAfterSeconds: number): Response {
  return new Response("Too many pictures drawn just now: try again in a minute.", {
    status: 429,
    headers: { "Retry-After": String(retryAfterSeconds), "Content-Type": "text/plain; charset=utf-8" },
  });
}

export async function shareAssetResponse(
  context: AppLoadContext,
  request: Request,
  input: { userId: string; asset: ShareAsset; facts: PosterFacts; filename: string },
): Promise<Response> {
  const key = createHash("sha256")
    .update(JSON.stringify([input.asset, input.facts]))
    .digest("base64url");
  const etag = `"${key}"`;
  const headers = {
    "Content-Type": SHARE_ASSETS[input.asset].type,
    "Content-Disposition": `attachment; filename="${input.filename}"`,
    "Cache-Control": "private, max-age=300",
    ETag: etag,
  };
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
  let body = cache.get(key);
  if (body) {
    // Most recently used last: the first entry is the one to drop.
    cache.delete(key);
    cache.set(key, body);
  } else {
    const allowed = await context.throttle.hit(`share-render:${input.userId}`, RENDERS_PER_PERSON, new Date());
    if (!allowed.allowed) return tooBusy(Math.ceil(allowed.retryAfterMs / 1000));
    const drawn = await oneAtATime(() => renderShareAsset(input.asset, input.facts));
    if (!drawn) return tooBusy(5);
    body = drawn;
    cache.set(key, body);
    if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  }
  return new Response(new Uint8Array(body), { headers: { ...headers, "Content-Length": String(body.length) } });
}
