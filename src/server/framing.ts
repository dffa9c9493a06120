import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app";

/**
 * The booking widget, `/hosts/{hostId}` (and its data requests, `/hosts/{hostId}.data`): the one
 * page any site may put in a frame (decision 0046). `/hosts/{hostId}/signage` and everything else
 * is not matched.
 */
export const FRAMEABLE_PAGE = /^\/hosts\/[^/]+\/?$/;

/**
 * Every response says no site may frame it (CSP `frame-ancestors 'none'`, `X-Frame-Options: DENY`,
 * set by the secure-headers middleware), so nobody can dress our pages up and trick a signed-in
 * person into pressing our buttons (clickjacking). The widget is made to be framed, by any site:
 * it says `frame-ancestors *` and sends no X-Frame-Options. It holds nothing to press that acts for
 * anyone (its one form opens a new tab, decision 0046), which is what makes that safe.
 *
 * Registered before the secure-headers middleware, which writes its headers as the response goes
 * out: this runs after it.
 */
export function framingAllowedOn(pattern: RegExp): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (!pattern.test(c.req.path)) return;
    c.res.headers.delete("X-Frame-Options");
    const csp = c.res.headers.get("Content-Security-Policy");
    if (csp) c.res.headers.set("Content-Security-Policy", csp.replace(/frame-ancestors[^;]*/, "frame-ancestors *"));
  };
}

/**
 * Pictures (`/media`, `/img`) and a campaign's open pixel (`/api/email/open`) are shown by mail programs, many of
 * them pages on other sites, and by hosts' pages: those may load them (`Cross-Origin-Resource-Policy: cross-origin`;
 * everything else stays `same-origin`, the secure-headers middleware's default). They are public images already.
 */
export const LOADABLE_ANYWHERE = /^\/media\/|^\/img$|^\/api\/email\/open$/;

/** Registered before the secure-headers middleware, as `framingAllowedOn` is, so that this runs after it. */
export function loadableFromAnySite(pattern: RegExp): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.req.method === "GET" && pattern.test(c.req.path))
      c.res.headers.set("Cross-Origin-Resource-Policy", "cross-origin");
  };
}
