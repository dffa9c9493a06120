import { Hono } from "hono";
import { isbot } from "isbot";
import type { Database } from "~/db/client.server";
import { TRACKING_COOKIE, TRACKING_PARAM, trackingCodeIn, trackingCookie } from "~/domain/promote";
import { readConsent } from "~/lib/consent";
import { readCookie } from "~/lib/read-cookie";
import { getOrCreateSecret } from "~/services/app-secrets";
import type { Throttle } from "~/services/throttle";
import { followTrackingLink } from "~/services/tracking-links";
import type { AppEnv } from "../app";
import { clientIp } from "../client-ip";

/**
 * `GET /t/{code}`: a host's tracking link (issue 21, decision 0039). Sends the visitor to the event
 * page with the link's UTM tags and its code (`tb_link`), counting the visit (once per visitor and
 * London day, never for bots or HEAD, at most 30 new visits an hour per address). The attribution
 * cookie is set only when the visitor has already allowed statistics cookies. An unknown code falls
 * through to the site's 404 page.
 */
export function trackingLinkRoutes(deps: {
  database: Database;
  throttle: Throttle;
  trustProxy: boolean;
  secure: boolean;
}) {
  let secret: Promise<string> | null = null;
  const visitorSecret = () => (secret ??= getOrCreateSecret(deps.database.db, "tracking-visitor"));
  return new Hono<AppEnv>().on(["GET", "HEAD"], "/:code", async (c, next) => {
    const userAgent = c.req.header("User-Agent") ?? "";
    const counted = c.req.method === "GET" && userAgent !== "" && !isbot(userAgent);
    const found = await followTrackingLink(deps.database.db, {
      code: c.req.param("code"),
      visitor: counted ? { ip: clientIp(c, deps.trustProxy), userAgent } : null,
      secret: await visitorSecret(),
      throttle: deps.throttle,
      now: new Date(),
    });
    if (!found) return next();
    c.header("Cache-Control", "no-store");
    if (readConsent(c.req.header("Cookie") ?? "")?.statistics)
      c.header("Set-Cookie", trackingCookie(found.code, deps.secure), { append: true });
    return c.redirect(found.path, 302);
  });
}

/**
 * The attribution cookie a page request should set: its address carries a tracking code, the
 * visitor allows statistics, and the cookie does not hold that code already; or its removal, when
 * the visitor no longer allows statistics. Else null.
 */
export function attributionCookieFor(request: Request, secure: boolean): string | null {
  const cookies = request.headers.get("Cookie") ?? "";
  const held = cookies.includes(`${TRACKING_COOKIE}=`) ? readCookie(cookies, TRACKING_COOKIE) : undefined;
  const allowed = Boolean(readConsent(cookies)?.statistics);
  // Statistics no longer allowed (the choice changed on the cookie card): the cookie goes.
  if (held && !allowed)
    return `${TRACKING_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
  if (!allowed || !request.url.includes(`${TRACKING_PARAM}=`)) return null;
  const code = trackingCodeIn(new URL(request.url).searchParams);
  return code && held !== code ? trackingCookie(code, secure) : null;
}
