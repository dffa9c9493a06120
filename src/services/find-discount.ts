import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { discount, discountEvent, hold } from "~/db/schema";
import type { DiscountRule } from "~/domain/pricing";

/**
 * A discount code as found for a host's event, with why it cannot be used there (if it cannot).
 * A code limited to some events (`discount_event`) is refused on the host's others.
 */
export async function findDiscount(db: Db, input: { hostId: string; eventId: string; code: string; now: Date }) {
  const { now } = input;
  const normalised = input.code.trim().toLowerCase();
  if (!normalised) return null;
  const [row] = await db
    .select({
      discount,
      forThisEvent: sql<boolean>`not exists (select 1 from ${discountEvent} where ${discountEvent.discountId} = ${
        discount.id
      }) or exists (select 1 from ${discountEvent} where ${discountEvent.discountId} = ${discount.id} and ${
        discountEvent.eventId
      } = ${input.eventId})`,
    })
    .from(discount)
    .where(and(eq(discount.hostId, input.hostId), eq(discount.code, normalised)))
    .limit(1);
  if (!row) return { discount: null, problem: "unknown" as const };
  const found = row.discount;
  if (!row.forThisEvent) return { discount: found, problem: "other_event" as const };
  if (!found.isActive) return { discount: found, problem: "inactive" as const };
  if (found.startsAt && now < found.startsAt) return { discount: found, problem: "not_yet" as const };
  if (found.endsAt && now >= found.endsAt) return { discount: found, problem: "expired" as const };
  if (found.maxUses !== null) {
    // Completed orders plus buyers holding tickets with it right now. A first look, for the buyer
    // applying the code: the claim counts them again under the code's lock, and alone decides.
    const [{ holding }] = (await db
      .select({ holding: sql<number>`count(*)::int` })
      .from(hold)
      .where(and(eq(hold.discountId, found.id), eq(hold.status, "active"), sql`${hold.expiresAt} > ${now}`))) as [
      { holding: number },
    ];
    if (found.uses + Number(holding) >= found.maxUses) return { discount: found, problem: "used_up" as const };
  }
  return { discount: found, problem: null };
}

export const discountProblemText = {
  unknown: "That code doesn't match any offer for this event.",
  other_event: "That code is for other events, not this one.",
  inactive: "That code isn't active any more.",
  not_yet: "That code can't be used yet.",
  expired: "That code has expired.",
  used_up: "That code has been used as many times as it allows.",
} as const;

/** What a discount takes off an order, as pricing reads it. */
export function discountRuleOf(d: { kind: "percent" | "fixed"; value: number }): DiscountRule {
  return d.kind === "percent" ? { kind: "percent", basisPoints: d.value } : { kind: "fixed", pence: d.value };
}
