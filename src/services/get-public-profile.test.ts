import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { createUser } from "../../tests/factories/users";
import { createTestDatabase } from "../../tests/setup/test-db";
import { getPublicProfile } from "./get-public-profile";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe("getPublicProfile", () => {
  it("shows a buyer by their own name and never their email or phone", async () => {
    const signedUp = new Date("2025-03-01T10:00:00Z");
    const buyer = await createUser(database.db, {
      firstName: "Ada",
      lastName: "Lovelace",
      phone: "07700 900123",
      bio: "Hi",
      createdAt: signedUp,
    });
    const profile = await getPublicProfile(database.db, buyer.id);
    expect(profile).toMatchObject({
      displayName: "Ada Lovelace",
      userType: "buyer",
      bio: "Hi",
      memberSince: signedUp,
      isVerified: false,
    });
    expect(JSON.stringify(profile)).not.toContain("07700");
    expect(JSON.stringify(profile)).not.toContain(buyer.email);
  });

  it("shows a host by their host name, verified badge and all", async () => {
    const host = await createUser(database.db, {
      userType: "host",
      hostTitle: "The Crown Collective",
      isVerified: true,
    });
    expect(await getPublicProfile(database.db, host.id)).toMatchObject({
      displayName: "The Crown Collective",
      userType: "host",
      isVerified: true,
    });
  });

  it("falls back to a host's own name before they pick a host name", async () => {
    const host = await createUser(database.db, {
      userType: "host",
      firstName: "Harriet",
      lastName: "Vane",
      hostTitle: null,
    });
    expect((await getPublicProfile(database.db, host.id))?.displayName).toBe("Harriet Vane");
  });

  it("gives no badge to a buyer, whatever the flag says", async () => {
    const buyer = await createUser(database.db, { isVerified: true });
    expect((await getPublicProfile(database.db, buyer.id))?.isVerified).toBe(false);
  });

  it("knows nobody by an unknown id or a deleted account", async () => {
    expect(await getPublicProfile(database.db, "no-such-person")).toBeNull();
    const gone = await createUser(database.db, { deletedAt: new Date("2026-02-01T00:00:00Z") });
    expect(await getPublicProfile(database.db, gone.id)).toBeNull();
  });
});
