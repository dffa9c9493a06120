import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { hold } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import { HOLD_MINUTES } from "./hold-tickets";

/** The buyer may extend their hold once, by another ten minutes, while it is still active. */
export async function extendHold(db: Db, input: { holdId: string; userId: string | null; now: Date }): Promise<Date> {
  const [updated] = await db
    .update(hold)
    .set({ expiresAt: sql`${hold.expiresAt} + make_interval(mins => ${HOLD_MINUTES})`, extended: true })
    .where(
      and(
        eq(hold.id, input.holdId),
        eq(hold.status, "active"),
        eq(hold.extended, false),
        sql`${hold.expiresAt} > ${input.now}`,
        input.userId ? eq(hold.userId, input.userId) : sql`${hold.userId} is null`,
      ),
    )
    .returning({ expiresAt: hold.expiresAt });
  if (!updated)
    throw new AppError("conflict", "This checkout can't be extended any more.", { reason: "not_extendable" });
  return updated.expiresAt;
}
