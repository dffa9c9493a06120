import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * The address a request came from. Behind a proxy we trust (TRUST_PROXY), the proxy appends the
 * client to X-Forwarded-For, so the last entry is the one it saw; otherwise the socket's address.
 * Never trust the header without the setting: anyone could send it to dodge a rate limit.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for");
    const last = forwarded?.split(",").at(-1)?.trim();
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // Requests made in-process (tests calling app.request) have no socket.
    return "unknown";
  }
}
