import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { user } from "~/db/schema";
import { createTestDatabase } from "../../tests/setup/test-db";
import { createUser } from "../../tests/factories/users";
import { getEmailPreferences, updateEmailPreferences } from "./update-email-preferences";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const created = new Date("2026-01-05T09:00:00Z");
const now = new Date("2026-11-23T12:00:00Z");

/** The row version: any UPDATE, even one that writes the same values, gives the row a new xmin. */
async function rowVersion(id: string): Promise<string> {
  const result = await database.db.execute<{ v: string }>(sql`select xmin::text as v from "user" where id = ${id}`);
  return result.rows[0]!.v;
}

async function row(id: string) {
  const [r] = await database.db.select().from(user).where(eq(user.id, id));
  return r!;
}

describe("getEmailPreferences", () => {
  it("reads the person's choices and whether they host", async () => {
    const buyer = await createUser(database.db, { marketingGeneral: true });
    expect(await getEmailPreferences(database.db, buyer.id)).toEqual({
      isHost: false,
      preferences: {
        marketingGeneral: true,
        marketingVenues: false,
        notifyEventReminders: true,
        notifyEventSummaries: true,
        notifyMonthlySummaries: true,
      },
    });
    const host = await createUser(database.db, { userType: "host" });
    expect((await getEmailPreferences(database.db, host.id)).isHost).toBe(true);
  });

  it("has nothing for an unknown or deleted account", async () => {
    await expect(getEmailPreferences(database.db, "nobody")).rejects.toMatchObject({ code: "not_found" });
    const gone = await createUser(database.db, { deletedAt: now });
    await expect(getEmailPreferences(database.db, gone.id)).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("updateEmailPreferences", () => {
  it("writes only the values that changed", async () => {
    const buyer = await createUser(database.db, { updatedAt: created });
    const result = await updateEmailPreferences(database.db, {
      userId: buyer.id,
      changes: { marketingGeneral: true, marketingVenues: false },
      now,
    });
    expect(result).toEqual({ changed: ["marketingGeneral"] });
    expect(await row(buyer.id)).toMatchObject({ marketingGeneral: true, marketingVenues: false, updatedAt: now });
  });

  it("issues no UPDATE at all when nothing changed", async () => {
    const buyer = await createUser(database.db, { marketingVenues: true, updatedAt: created });
    const before = await rowVersion(buyer.id);
    const result = await updateEmailPreferences(database.db, {
      userId: buyer.id,
      changes: { marketingGeneral: false, marketingVenues: true },
      now,
    });
    expect(result).toEqual({ changed: [] });
    expect(await rowVersion(buyer.id)).toBe(before);
    expect((await row(buyer.id)).updatedAt).toEqual(created);
  });

  it("leaves a preference it was not asked about alone, even if another tab changed it meanwhile", async () => {
    const buyer = await createUser(database.db);
    // Tab B switches general marketing on; tab A, loaded before, only switches venues on.
    await updateEmailPreferences(database.db, { userId: buyer.id, changes: { marketingGeneral: true }, now });
    await updateEmailPreferences(database.db, { userId: buyer.id, changes: { marketingVenues: true }, now });
    expect(await row(buyer.id)).toMatchObject({ marketingGeneral: true, marketingVenues: true });
  });

  it("lets hosts turn their event summaries off", async () => {
    const host = await createUser(database.db, { userType: "host" });
    const result = await updateEmailPreferences(database.db, {
      userId: host.id,
      changes: {
        marketingGeneral: false,
        marketingVenues: false,
        notifyEventSummaries: false,
        notifyMonthlySummaries: true,
      },
      now,
    });
    expect(result).toEqual({ changed: ["notifyEventSummaries"] });
    expect(await row(host.id)).toMatchObject({ notifyEventSummaries: false, notifyMonthlySummaries: true });
  });

  it("ignores hosting summaries for a buyer, who has no events", async () => {
    const buyer = await createUser(database.db, { updatedAt: created });
    const before = await rowVersion(buyer.id);
    const result = await updateEmailPreferences(database.db, {
      userId: buyer.id,
      changes: { notifyEventSummaries: false, notifyMonthlySummaries: false },
      now,
    });
    expect(result).toEqual({ changed: [] });
    expect(await rowVersion(buyer.id)).toBe(before);
    expect(await row(buyer.id)).toMatchObject({ notifyEventSummaries: true, notifyMonthlySummaries: true });
  });

  it("changes only the person's own row", async () => {
    const me = await createUser(database.db);
    const neighbour = await createUser(database.db);
    const neighbourBefore = await rowVersion(neighbour.id);
    await updateEmailPreferences(database.db, {
      userId: me.id,
      changes: { marketingGeneral: true, marketingVenues: true },
      now,
    });
    expect(await rowVersion(neighbour.id)).toBe(neighbourBefore);
    expect(await row(neighbour.id)).toMatchObject({ marketingGeneral: false, marketingVenues: false });
  });

  it("refuses an unknown or deleted account", async () => {
    await expect(
      updateEmailPreferences(database.db, { userId: "nobody", changes: { marketingGeneral: true }, now }),
    ).rejects.toMatchObject({ code: "not_found" });
    const gone = await createUser(database.db, { deletedAt: now });
    await expect(
      updateEmailPreferences(database.db, { userId: gone.id, changes: { marketingGeneral: true }, now }),
    ).rejects.toMatchObject({ code: "not_found" });
    expect((await row(gone.id)).marketingGeneral).toBe(false);
  });
});
