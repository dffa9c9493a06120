import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import type { Db } from "../../src/db/client.server";
import { account, user } from "../../src/db/schema";
import { toSessionUser } from "../../src/server/session-reader";
import type { SessionUser } from "../../src/services/session-user";

export const FACTORY_PASSWORD = "gig-night-2026";

let hashed: Promise<string> | null = null;

/** A person with a password login, as sign-up would leave them. Hashing is slow, so it is done once. */
export async function createUser(db: Db, overrides: Partial<typeof user.$inferInsert> = {}) {
  const id = overrides.id ?? randomUUID();
  const firstName = overrides.firstName ?? "Test";
  const lastName = overrides.lastName ?? "Person";
  const [row] = await db
    .insert(user)
    .values({
      id,
      name: `${firstName} ${lastName}`,
      email: `person-${id.slice(0, 8)}@example.com`,
      emailVerified: true,
      userType: "buyer",
      firstName,
      lastName,
      ...overrides,
    })
    .returning();
  hashed ??= hashPassword(FACTORY_PASSWORD);
  await db
    .insert(account)
    .values({ id: randomUUID(), accountId: id, providerId: "credential", userId: id, password: await hashed });
  return row!;
}

/** A person as the pages see them when signed in, as the session reader makes them from their row. */
export const sessionUserOf = (row: typeof user.$inferSelect): SessionUser => toSessionUser(row);
