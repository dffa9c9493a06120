import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { event, ticketType } from "~/db/schema";
import { conversionSkip } from "~/domain/conversions";
import { priceOrder, priceTerms } from "~/domain/pricing";
import { readConsent } from "~/lib/consent";
import { readJson } from "~/lib/read-form";
import type { ConversionTracker } from "~/services/conversion-tracker";
import type { Throttle, ThrottleRule } from "~/services/throttle";
import type { Auth } from "../auth.server";
import { clientIp } from "../client-ip";
import { AppError } from "~/lib/app-error";
import { errorResponse } from "../errors";

const Body = z.object({
  name: z.literal("AddToCart"),
  eventId: z.uuid(),
  cart: z.array(z.object({ ticketTypeId: z.uuid(), count: z.number().int().min(0).max(100) })).max(30),
  /** The page's path, for the platform's event_source_url. */
  path: z.string().startsWith("/").max(500),
});

/**
 * Sends to the platform per person: a basket changed once a second for ten minutes, and no more. Each is a call
 * to the platform on our quota, so a script looping on one account must not spend it.
 */
export const CONVERSIONS_PER_PERSON: ThrottleRule = { limit: 60, windowMs: 10 * 60 * 1000 };

/**
 * `POST /api/conversions`: the booking panel's debounced add-to-cart. Sent on to the configured
 * platform only when the rules allow (src/domain/conversions.ts); the answer is `{ ok }`, plus why
 * it was skipped. The basket's value is priced here from the database, never taken from the browser.
 */
export function conversionRoutes(deps: {
  database: Database;
  auth: Auth;
  tracker: ConversionTracker | null;
  throttle: Throttle;
  publicUrl: string;
  trustedOrigins: readonly string[];
  trustProxy: boolean;
}) {
  return new Hono().post("/", async (c) => {
    const parsed = await readJson(c.req.raw, Body);
    if (!parsed.ok) return errorResponse(c, parsed.error);
    const session = await deps.auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null);
    const skip = conversionSkip({
      productionOrigins: deps.tracker ? deps.trustedOrigins : [],
      origin: c.req.header("Origin") ?? null,
      statisticsConsent: Boolean(readConsent(c.req.header("Cookie") ?? "")?.statistics),
      user: session ? { id: session.user.id, email: session.user.email } : null,
      cart: parsed.data.cart,
    });
    if (skip || !deps.tracker) return c.json({ ok: false, skipped: skip ?? "not_production" });
    const counted = await deps.throttle.hit(`conversions:${session!.user.id}`, CONVERSIONS_PER_PERSON, new Date());
    if (!counted.allowed)
      return errorResponse(
        c,
        new AppError("rate_limited", "Too many add-to-cart events", { retryAfterMs: counted.retryAfterMs }),
      );

    const db = deps.database.db;
    const ids = parsed.data.cart.map((i) => i.ticketTypeId);
    const types =
      ids.length === 0
        ? []
        : await db
            .select({
              id: ticketType.id,
              pricePence: ticketType.pricePence,
              currency: event.currency,
              feeMode: event.feeMode,
            })
            .from(ticketType)
            .innerJoin(event, eq(event.id, ticketType.eventId))
            .where(and(eq(ticketType.eventId, parsed.data.eventId), inArray(ticketType.id, ids)));
    // Only this event's tickets count; anything else in the cart is dropped.
    const cart = parsed.data.cart.filter((i) => types.some((t) => t.id === i.ticketTypeId));
    // What checkout would charge for this basket before any code: the one price rule, on the host's fee mode.
    const terms = types[0] ? priceTerms(types[0].feeMode, types[0].currency) : null;
    const lines = cart.map((i) => ({
      quantity: i.count,
      unitPricePence: types.find((x) => x.id === i.ticketTypeId)!.pricePence,
    }));
    const amountPence = terms ? priceOrder(lines, { feeMode: terms.feeMode, fee: terms.fee }).totalPence : 0;
    const { ok } = await deps.tracker.send({
      name: "AddToCart",
      id: randomUUID(),
      occurredAt: new Date(),
      sourceUrl: `${deps.publicUrl.replace(/\/$/, "")}${parsed.data.path}`,
      user: { id: session!.user.id, email: session!.user.email },
      client: { ip: clientIp(c, deps.trustProxy), userAgent: c.req.header("User-Agent") ?? null },
      payment: { amountPence, currency: types[0]?.currency ?? "GBP" },
      cart,
    });
    return c.json({ ok });
  });
}
