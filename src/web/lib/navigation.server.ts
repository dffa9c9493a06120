/**
 * Was this a plain form post (no JavaScript yet), rather than a fetch from the running app?
 * Browsers mark page navigations with Sec-Fetch-Mode: navigate; fetches say cors or same-origin.
 */
export function isDocumentRequest(request: Request): boolean {
  return request.headers.get("Sec-Fetch-Mode") === "navigate";
}

/** Where to send a plain form post back to: the page it came from, if that page is ours. */
export function backTo(request: Request, fallback: string): string {
  const referer = request.headers.get("Referer");
  if (!referer) return fallback;
  try {
    const from = new URL(referer);
    return from.origin === new URL(request.url).origin ? `${from.pathname}${from.search}` : fallback;
  } catch {
    return fallback;
  }
}
