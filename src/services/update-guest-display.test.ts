import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { user } from "~/db/schema";
import { createTestDatabase } from "../../tests/setup/test-db";
import { createUser } from "../../tests/factories/users";
import { getGuestDisplay, updateGuestDisplay } from "./update-guest-display";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const created = new Date("2026-01-05T09:00:00Z");
const now = new Date("2026-11-23T12:00:00Z");

async function rowVersion(id: string): Promise<string> {
  const result = await database.db.execute<{ v: string }>(sql`select xmin::text as v from "user" where id = ${id}`);
  return result.rows[0]!.v;
}
async function row(id: string) {
  const [r] = await database.db.select().from(user).where(eq(user.id, id));
  return r!;
}

describe("getGuestDisplay", () => {
  it("reads the setting and whether the person hosts", async () => {
    const host = await createUser(database.db, { userType: "host", showGuestsOnEventDetail: true });
    expect(await getGuestDisplay(database.db, host.id)).toEqual({ isHost: true, showGuestsOnEventDetail: true });
    const buyer = await createUser(database.db);
    expect(await getGuestDisplay(database.db, buyer.id)).toEqual({ isHost: false, showGuestsOnEventDetail: false });
  });
});

describe("updateGuestDisplay", () => {
  it("writes a host's new choice", async () => {
    const host = await createUser(database.db, { userType: "host", updatedAt: created });
    expect(await updateGuestDisplay(database.db, { userId: host.id, show: true, now })).toEqual({ changed: true });
    expect(await row(host.id)).toMatchObject({ showGuestsOnEventDetail: true, updatedAt: now });
    expect(await updateGuestDisplay(database.db, { userId: host.id, show: false, now })).toEqual({ changed: true });
    expect((await row(host.id)).showGuestsOnEventDetail).toBe(false);
  });

  it("does not write when the value is the same", async () => {
    const host = await createUser(database.db, { userType: "host", showGuestsOnEventDetail: true, updatedAt: created });
    const before = await rowVersion(host.id);
    expect(await updateGuestDisplay(database.db, { userId: host.id, show: true, now })).toEqual({ changed: false });
    expect(await rowVersion(host.id)).toBe(before);
    expect((await row(host.id)).updatedAt).toEqual(created);
  });

  it("is for hosts only (spec §6): a buyer's row is not touched", async () => {
    const buyer = await createUser(database.db);
    const before = await rowVersion(buyer.id);
    await expect(updateGuestDisplay(database.db, { userId: buyer.id, show: true, now })).rejects.toMatchObject({
      code: "forbidden",
    });
    expect(await rowVersion(buyer.id)).toBe(before);
  });

  it("changes only the person's own row", async () => {
    const me = await createUser(database.db, { userType: "host" });
    const other = await createUser(database.db, { userType: "host" });
    const otherBefore = await rowVersion(other.id);
    await updateGuestDisplay(database.db, { userId: me.id, show: true, now });
    expect(await rowVersion(other.id)).toBe(otherBefore);
    expect((await row(other.id)).showGuestsOnEventDetail).toBe(false);
  });

  it("refuses an unknown account", async () => {
    await expect(updateGuestDisplay(database.db, { userId: "nobody", show: true, now })).rejects.toMatchObject({
      code: "not_found",
    });
  });
});
