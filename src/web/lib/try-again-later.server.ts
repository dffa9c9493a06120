import { messages } from "~/texts/messages";

/** 429 for a download past its limit: the spec's "try again" words and when (Retry-After, whole seconds). */
export function tryAgainLater(retryAfterMs: number): Response {
  return new Response(messages.auth.tryAgainLater, {
    status: 429,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Retry-After": String(Math.max(1, Math.ceil(retryAfterMs / 1000))),
      "Cache-Control": "no-store",
    },
  });
}
