import { Hono } from "hono";
import type { Logger } from "pino";
import type { Database } from "~/db/client.server";
import { AppError, isAppError } from "~/lib/app-error";
import { countCodeTry, HOLD_LIMITS, personOfSession } from "~/services/booking-limits";
import { unsafeField } from "~/lib/unsafe-text";
import { holdTickets } from "~/services/hold-tickets";
import type { Throttle } from "~/services/throttle";
import { CheckoutForm, checkoutRequest } from "~/domain/checkout-form";
import { trackingCodeOfPress } from "~/domain/promote";
import { parseForm } from "~/lib/read-form";
import { messages } from "~/texts/messages";
import type { AppEnv } from "../app";
import type { Auth } from "../auth.server";
import { clientIp } from "../client-ip";
import { errorResponse } from "../errors";
import { sessionCookie } from "../session-reader";
import type { TicketCodes } from "../ticket-codes.server";

/** The most a Checkout form can weigh: ten ticket types, their amounts, seats, a code and a key. */
const MAX_FORM_BYTES = 16_384;

/**
 * `POST /api/events/{slug}/holds`: the booking panel's Checkout when JavaScript runs. It takes the
 * same form as the event page's action (`CheckoutForm`; `?key=` is the private-ticket key from
 * the page's link) and answers `201 { holdId, checkout, expiresAt }`, where `checkout` is the page
 * to go to. Refusals are `{ error: { code, message, details } }` with the words the buyer sees:
 * 409 when someone beat them to it (`details.basket` is their basket corrected to what is left) or
 * the event has ended, 422 for a basket that cannot be bought, 404 when the event is not on sale,
 * 401 when the session is missing or over (the panel then posts the page's form, which signs in),
 * 429 when this person or address has held (or tried codes) too often lately.
 *
 * This is the press every buyer makes at once when an event goes on sale, so it is the lean path
 * (decision 0016): the cookie's signature is checked here, and the claim, one call to the
 * database, finds the session and claims the tickets together. Signed-in pages read the session
 * on their own.
 */
export function holdRoutes(deps: {
  database: Database;
  auth: Auth;
  ticketCodes: TicketCodes;
  trustedOrigins: readonly string[];
  trustProxy: boolean;
  logger: Logger;
  throttle: Throttle;
}) {
  const cookie = sessionCookie(deps.auth);
  /** The site's own origins (config.trustedOrigins: PUBLIC_URL's, or the loopback names on our port without it). */
  const siteOrigins = new Set(deps.trustedOrigins);
  /** The host the browser asked for: ours, or (behind a proxy we trust) the one the proxy was asked for. */
  const askedHosts = (headers: Headers) =>
    [headers.get("Host"), deps.trustProxy ? headers.get("X-Forwarded-Host") : null].filter(Boolean);

  return new Hono<AppEnv>().post("/:slug/holds", async (c) => {
    // The buyer's cookie may only press Checkout from the site's own pages.
    const origin = c.req.header("Origin");
    if (
      !origin ||
      (!siteOrigins.has(origin) && !askedHosts(c.req.raw.headers).includes(URL.parse(origin)?.host ?? ""))
    ) {
      return errorResponse(c, new AppError("forbidden", "Checkout can only be pressed on Ticketyboo's own pages."));
    }
    const now = new Date();
    const token = await cookie.tokenFrom(c.req.raw.headers);
    if (!token) return errorResponse(c, new AppError("unauthenticated", "Log in to check out."));
    if (!c.req.header("Content-Type")?.startsWith("application/x-www-form-urlencoded")) {
      return errorResponse(
        c,
        new AppError("bad_request", "Send the booking form as application/x-www-form-urlencoded."),
      );
    }
    // Measured by its stated length before it is read (and after, for a body sent in chunks). Hono's
    // bodyLimit would do this too, but it turns the request into a web Request with a stream, which
    // costs more than the rest of the press.
    if (Number(c.req.header("Content-Length") ?? 0) > MAX_FORM_BYTES)
      return errorResponse(c, new AppError("too_large"));
    const body = await c.req.text();
    if (body.length > MAX_FORM_BYTES) return errorResponse(c, new AppError("too_large"));
    const form = new URLSearchParams(body);
    // This body skips the input guard's reading (to stay cheap), so its fields are checked here.
    const unsafe = unsafeField(form);
    if (unsafe)
      return errorResponse(c, new AppError("bad_request", messages.generic.unsafeText(unsafe), { field: unsafe }));
    const read = parseForm(form, CheckoutForm);
    if (!read.ok) return errorResponse(c, read.error);
    const checkout = checkoutRequest(read.data, c.req.query("key") ?? null, deps.ticketCodes.unlockKey);
    // A retried press must find the hold the first one made (DESIGN §3): no key, no hold.
    if (!checkout.idempotencyKey)
      return errorResponse(
        c,
        new AppError("bad_request", "The booking form needs its key: reload the page and try again.", { field: "key" }),
      );
    const ip = clientIp(c, deps.trustProxy);
    try {
      // A code sent with the press is a try like any other (the page's action counts the same way).
      // Presses without one, as in an on-sale rush, cost nothing here: the claim counts the holds.
      if (checkout.coupon)
        await countCodeTry(deps.throttle, { ip, userId: await personOfSession(deps.database.db, token, now) }, now);
      const held = await holdTickets(deps.database.db, {
        slug: c.req.param("slug"),
        sessionToken: token,
        ...checkout,
        now,
        ip,
        limits: HOLD_LIMITS,
        // The page pressed on is ours (the Origin was checked), so its address may carry a tracking code.
        trackingCode: trackingCodeOfPress(c.req.header("Cookie") ?? "", c.req.header("Referer") ?? null),
      });
      const response = c.json(
        { holdId: held.holdId, checkout: `/checkout/${held.holdId}`, expiresAt: held.expiresAt.toISOString() },
        201,
      );
      // A session due to be extended is extended by better-auth, and its new cookie goes back with the
      // hold. The tickets are held either way: if that fails, the next page extends it.
      if (held.sessionExpiresAt && (await cookie.dueForBetterAuth(held.sessionExpiresAt, now))) {
        try {
          for (const set of (await cookie.askBetterAuth(c.req.raw.headers)).setCookies)
            response.headers.append("Set-Cookie", set);
        } catch (error) {
          deps.logger.warn({ err: error, requestId: c.get("requestId") }, "extending the session after a hold failed");
        }
      }
      return response;
    } catch (error) {
      if (!isAppError(error)) throw error;
      return errorResponse(c, error);
    }
  });
}
