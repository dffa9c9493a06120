import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { appMeta } from "~/db/schema";

/**
 * Returns the named secret, generating and storing it on first use. Secrets live in the database
 * (not a per-machine file) so every instance sharing one PostgreSQL signs and verifies alike.
 * The insert is a no-op when another instance won the race; both then read the same row.
 */
export async function getOrCreateSecret(db: Db, name: string): Promise<string> {
  const key = `secret:${name}`;
  await db
    .insert(appMeta)
    .values({ key, value: sql`${JSON.stringify(randomBytes(32).toString("base64url"))}::jsonb` })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, key));
  if (!row || typeof row.value !== "string") throw new Error(`Secret ${name} could not be stored`);
  return row.value;
}
