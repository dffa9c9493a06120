import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { discount, event, hold, holdLine, ticketType } from "~/db/schema";
import { ACTIVE_PROVIDER_FEE } from "~/domain/money";
import { priceOrder, type PriceBreakdown } from "~/domain/pricing";
import { AppError } from "~/lib/app-error";
import { discountRuleOf } from "./find-discount";

export interface HeldTickets {
  holdId: string;
  expiresAt: Date;
  breakdown: PriceBreakdown;
  discountCode: string | null;
  /** Who the hold is for. */
  buyerId: string | null;
  /** When the session the hold was made with expires (holds made by session token only). */
  sessionExpiresAt: Date | null;
}

/** A hold as checkout shows it. */
export async function describeHold(db: Db, holdId: string): Promise<HeldTickets> {
  const [row] = await db
    .select({ hold, feeMode: event.feeMode, discount })
    .from(hold)
    .innerJoin(event, eq(event.id, hold.eventId))
    .leftJoin(discount, eq(discount.id, hold.discountId))
    .where(eq(hold.id, holdId))
    .limit(1);
  if (!row) throw new AppError("not_found");
  const lines = (
    await db
      .select({ line: holdLine, minimum: ticketType.pricePence, payWhatYouWish: ticketType.payWhatYouWish })
      .from(holdLine)
      .innerJoin(ticketType, eq(ticketType.id, holdLine.ticketTypeId))
      .where(eq(holdLine.holdId, holdId))
  ).map((l) => ({ ...l.line, ...(l.payWhatYouWish ? { floorPence: l.minimum } : {}) }));
  const rule = row.discount ? discountRuleOf(row.discount) : null;
  return {
    holdId,
    expiresAt: row.hold.expiresAt,
    breakdown: priceOrder(lines, { discount: rule, feeMode: row.feeMode, fee: ACTIVE_PROVIDER_FEE }),
    discountCode: row.discount?.code ?? null,
    buyerId: row.hold.userId,
    sessionExpiresAt: null,
  };
}
