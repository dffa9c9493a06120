import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { event, user } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import { studioMessages } from "~/texts/studio-messages";

/**
 * How many events a host may make in an hour, by the form, repeats and copies together: a season of
 * weekly dates several times over, far beyond what a person does, but not a flood of rows for every
 * list, the search dictionary and the sitemap to carry.
 */
export const NEW_EVENTS_PER_HOUR = 200;
const HOUR_MS = 60 * 60 * 1000;

/**
 * Claims room for `count` new events of the host's in this transaction, or refuses. The host's row
 * is locked first, so two requests of one host count one after the other and never both squeeze in.
 */
export async function claimNewEvents(tx: Db, input: { hostId: string; count: number; now: Date }): Promise<void> {
  await tx.select({ id: user.id }).from(user).where(eq(user.id, input.hostId)).for("no key update");
  const [made] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(event)
    .where(and(eq(event.hostId, input.hostId), gt(event.createdAt, new Date(input.now.getTime() - HOUR_MS))));
  if (Number(made?.count ?? 0) + input.count > NEW_EVENTS_PER_HOUR)
    throw new AppError("rate_limited", studioMessages.tooManyNewEvents(NEW_EVENTS_PER_HOUR));
}
