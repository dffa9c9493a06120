import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { order, user } from "~/db/schema";
import { type AccessNeeds, accessNeedsOf } from "~/domain/access-needs";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/uuid";

/** The access needs a person keeps on their profile, or null when they saved none. */
export async function getAccessNeeds(db: Db, userId: string): Promise<AccessNeeds | null> {
  const [row] = await db
    .select({ accessNeeds: user.accessNeeds })
    .from(user)
    .where(and(eq(user.id, userId), isNull(user.deletedAt)));
  return accessNeedsOf(row?.accessNeeds);
}

/**
 * The access needs a buyer shared with the host for one order (for the host's door list and
 * dashboard): null when they shared none. Only the host's own orders: any other id, or another
 * host's order, is not found, so nothing says whether it exists.
 */
export async function orderAccessNeeds(
  db: Db,
  { hostId, orderId }: { hostId: string; orderId: string },
): Promise<AccessNeeds | null> {
  if (!isUuid(orderId)) throw new AppError("not_found");
  const [row] = await db
    .select({ accessNeeds: order.accessNeeds })
    .from(order)
    .where(and(eq(order.id, orderId), eq(order.hostId, hostId)));
  if (!row) throw new AppError("not_found");
  return accessNeedsOf(row.accessNeeds);
}
