import type { MiddlewareHandler } from "hono";
import { AppError } from "~/lib/app-error";
import { answerError } from "~/lib/error-table";
import { messages } from "~/texts/messages";
import type { AppEnv } from "./app";
import { errorResponse } from "./errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** What a browser says about where a request without an Origin came from, when it came from us. */
const OWN_FETCH_SITES = new Set(["same-origin", "none"]);

/**
 * Cross-site request forgery: a page on another site can make a visitor's browser post a form to
 * us. The session cookie is SameSite=Lax, so current browsers leave it at home on such a post, but
 * a post also changes things without a session (a coupon tried, an email asked for) and older
 * browsers differ. So a post is refused here, before its body is read, unless it comes from one of
 * the site's own origins (`config.trustedOrigins`, or the name the browser asked us by): the Origin
 * header, which every current browser sends on a post, or, without one, Sec-Fetch-Site. A request with neither is not a
 * browser's, so
 * it carries no one's cookie by surprise, and goes on to the route's own checks.
 *
 * `exempt` are the endpoints other servers post to (signed webhooks, one-click unsubscribe links,
 * which authenticate themselves).
 */
export function sameSiteOnly(options: {
  trustedOrigins: readonly string[];
  trustProxy: boolean;
  exempt: RegExp;
}): MiddlewareHandler<AppEnv> {
  const trusted = new Set(options.trustedOrigins);
  /**
   * A page served under the very name the browser asked us by (a second name for the site) posts to itself: not
   * cross-site.
   */
  const askedFor = (origin: string, headers: (name: string) => string | undefined) => {
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      return false;
    }
    return host === headers("Host") || (options.trustProxy && host === headers("X-Forwarded-Host"));
  };
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || options.exempt.test(c.req.path)) return next();
    const origin = c.req.header("Origin");
    const fetchSite = c.req.header("Sec-Fetch-Site");
    const ours = origin
      ? trusted.has(origin) || askedFor(origin, (name) => c.req.header(name))
      : fetchSite === undefined || OWN_FETCH_SITES.has(fetchSite);
    if (ours) return next();
    const refusal = new AppError("forbidden", messages.generic.crossSite, { reason: "cross_site" });
    return c.req.path.startsWith("/api/")
      ? errorResponse(c, refusal)
      : c.text(refusal.message, answerError(refusal).status);
  };
}

/**
 * The request as the site's public address names it. Behind a proxy our server is asked at an
 * inner address (http://10.0.0.5:3000) for a page the browser knows as PUBLIC_URL's; React Router
 * compares a post's Origin with the request's own address and would refuse every form as
 * cross-site. The Origin was already checked against the site's own above, so the request is
 * rebuilt on PUBLIC_URL's origin; without PUBLIC_URL it is left as it came.
 */
export function onPublicOrigin(request: Request, publicOrigin: string | null): Request {
  if (!publicOrigin) return request;
  const url = new URL(request.url);
  if (url.origin === publicOrigin) return request;
  // A post from a second name for the site, asked for by that name, is checked on that name.
  const origin = request.headers.get("Origin");
  if (origin && origin !== "null" && origin !== publicOrigin) return request;
  const rebased = publicOrigin + url.pathname + url.search;
  return new Request(rebased, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
    duplex: "half",
  } as RequestInit);
}

/**
 * The site's address for a link that brings this visitor back to this browser: a payment's return,
 * the payouts onboarding's. Without PUBLIC_URL the site answers on every loopback name, and a cookie
 * belongs to the name it was set on, so a visitor at http://127.0.0.1:3000 sent back to
 * http://localhost:3000 would arrive signed out: they go back to the name they asked by, when it is
 * one of the site's. With PUBLIC_URL, and for any other name (the Host header is the client's to
 * write), PUBLIC_URL's.
 */
export function siteUrlFor(
  request: Request,
  config: { publicUrl: string; publicOrigin: string | null; trustedOrigins: readonly string[] },
): string {
  if (config.publicOrigin) return config.publicUrl;
  const origin = new URL(request.url).origin;
  return config.trustedOrigins.includes(origin) ? origin : config.publicUrl;
}
