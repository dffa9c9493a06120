import { verifyPassword } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { account } from "~/db/schema";

/** Is this the person's current password? Asked before anything that cannot be undone. */
export async function isCurrentPassword(db: Db, userId: string, password: string): Promise<boolean> {
  if (!password) return false;
  const [row] = await db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
  if (!row?.hash) return false;
  return verifyPassword({ hash: row.hash, password });
}
