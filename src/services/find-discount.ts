import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { discount, hold } from "~/db/schema";
import type { DiscountRule } from "~/domain/pricing";

/** A discount code as found for a host, with why it cannot be used (if it cannot). */
export async function findDiscount(db: Db, hostId: string, code: string, now: Date) {
  const normalised = code.trim().toLowerCase();
  if (!normalised) return null;
  const [found] = await db
    .select()
    .from(discount)
    .where(and(eq(discount.hostId, hostId), eq(discount.code, normalised)))
    .limit(1);
  if (!found) return { discount: null, problem: "unknown" as const };
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
  inactive: "That code isn't active any more.",
  not_yet: "That code can't be used yet.",
  expired: "That code has expired.",
  used_up: "That code has been used as many times as it allows.",
} as const;

/** What a discount takes off an order, as pricing reads it. */
export function discountRuleOf(d: { kind: "percent" | "fixed"; value: number }): DiscountRule {
  return d.kind === "percent" ? { kind: "percent", basisPoints: d.value } : { kind: "fixed", pence: d.value };
}
