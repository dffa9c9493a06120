import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { user } from "~/db/schema";

/**
 * Locks the host's row for the rest of the transaction: what a host may hold only so much of (lists,
 * contacts, guests) is counted one request after another, never by two at once that could both fit.
 */
export async function lockHost(tx: Db, hostId: string): Promise<void> {
  await tx.select({ id: user.id }).from(user).where(eq(user.id, hostId)).for("no key update");
}
