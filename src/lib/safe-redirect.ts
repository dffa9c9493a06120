/**
 * A redirect target we may follow: a local path only. Anything that could leave the site
 * (absolute URLs, protocol-relative `//host`, backslash tricks) falls back to `fallback`.
 */
export function safeRedirect(target: string | null | undefined, fallback: string): string {
  if (!target || typeof target !== "string") return fallback;
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  // Control characters (tabs, newlines) are dropped by URL parsers and can turn a path into a host;
  // anything outside printable ASCII cannot go in a Location header at all (a path of our own is
  // always percent-encoded), and spaces never appear in one.
  if ([...target].some((ch) => ch.charCodeAt(0) <= 0x20 || ch.charCodeAt(0) >= 0x7f || ch === "\\")) return fallback;
  return target;
}
