import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { user } from "~/db/schema";
import { AppError } from "~/lib/app-error";

/**
 * Only someone whose own address is confirmed (read from the database, never the session) may make
 * Ticketyboo email others with words they chose: anyone can sign up with another person's address and
 * open a Studio, and a campaign test or a team invitation carries what its sender wrote.
 * `refusal` says what to do instead, in the words of the page that asked.
 */
export async function requireConfirmedSender(db: Db, userId: string, refusal: string): Promise<void> {
  const [row] = await db
    .select({ confirmed: user.emailVerified })
    .from(user)
    .where(and(eq(user.id, userId), isNull(user.deletedAt)));
  if (!row?.confirmed) throw new AppError("forbidden", refusal);
}
