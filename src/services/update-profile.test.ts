import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { user } from "~/db/schema";
import type { ProfileInput } from "~/domain/profile-rules";
import { messages } from "~/texts/messages";
import { createUser } from "../../tests/factories/users";
import { createTestDatabase } from "../../tests/setup/test-db";
import { getEditableProfile, isUsernameAvailable, updateProfile } from "./update-profile";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const created = new Date("2026-01-05T09:00:00Z");
const now = new Date("2026-11-23T12:00:00Z");
const form = (overrides: Partial<ProfileInput> = {}): ProfileInput => ({
  firstName: "Ada",
  lastName: "Lovelace",
  username: "",
  phone: "",
  bio: "",
  hostTitle: "",
  ...overrides,
});

async function row(id: string) {
  const [r] = await database.db.select().from(user).where(eq(user.id, id));
  return r!;
}
async function rowVersion(id: string): Promise<string> {
  const result = await database.db.execute<{ v: string }>(sql`select xmin::text as v from "user" where id = ${id}`);
  return result.rows[0]!.v;
}
async function failure(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error("expected the save to be refused");
    },
    (e: { code: string; message: string; details?: { field?: string; fields?: Record<string, string> } }) => e,
  );
}

describe("updateProfile", () => {
  it("saves the fields, cleaned, and keeps the display name in step with first and last names", async () => {
    const me = await createUser(database.db, { updatedAt: created });
    const result = await updateProfile(database.db, {
      userId: me.id,
      input: form({
        firstName: " Ada ",
        lastName: "King  Lovelace",
        username: " @AdaL ",
        phone: "07700  900123",
        bio: "Gigs and\r\nquizzes",
      }),
      now,
    });
    expect(result.changed).toBe(true);
    expect(await row(me.id)).toMatchObject({
      firstName: "Ada",
      lastName: "King Lovelace",
      name: "Ada King Lovelace",
      username: "adal",
      phone: "07700 900123",
      bio: "Gigs and\nquizzes",
      updatedAt: now,
    });
    expect(result.profile).toMatchObject({ username: "adal", bio: "Gigs and\nquizzes" });
  });

  it("clears optional fields left empty", async () => {
    const me = await createUser(database.db, { username: "clearme", phone: "07700 900123", bio: "Hello" });
    await updateProfile(database.db, { userId: me.id, input: form(), now });
    expect(await row(me.id)).toMatchObject({ username: null, phone: null, bio: null });
  });

  it("reports every invalid field at once and writes nothing", async () => {
    const me = await createUser(database.db);
    const before = await rowVersion(me.id);
    const error = await failure(
      updateProfile(database.db, {
        userId: me.id,
        input: form({ firstName: "", username: "No Spaces", phone: "123", bio: "x".repeat(501) }),
        now,
      }),
    );
    expect(error.code).toBe("validation_failed");
    expect(error.details?.field).toBe("firstName");
    expect(error.details?.fields).toEqual({
      firstName: messages.auth.firstNameRequired,
      username: messages.profile.usernameCharacters,
      phone: messages.profile.invalidPhone,
      bio: messages.profile.bioTooLong,
    });
    expect(await rowVersion(me.id)).toBe(before);
  });

  it("turns a username someone else holds into a field error, whatever its case", async () => {
    await createUser(database.db, { username: "crowncollective" });
    const me = await createUser(database.db, { username: "mine" });
    const error = await failure(
      updateProfile(database.db, { userId: me.id, input: form({ username: "CrownCollective", bio: "new bio" }), now }),
    );
    expect(error).toMatchObject({
      code: "validation_failed",
      message: messages.profile.usernameTaken,
      details: { field: "username" },
    });
    // Nothing of the refused save landed.
    expect(await row(me.id)).toMatchObject({ username: "mine", bio: null });
  });

  it("refuses a username the site keeps for its own pages", async () => {
    const me = await createUser(database.db);
    const error = await failure(
      updateProfile(database.db, { userId: me.id, input: form({ username: "explore" }), now }),
    );
    expect(error.details?.fields).toEqual({ username: messages.profile.usernameTaken });
  });

  it("keeps a person's own username when they save it again", async () => {
    const me = await createUser(database.db, { username: "steady" });
    await updateProfile(database.db, { userId: me.id, input: form({ username: "steady", bio: "still me" }), now });
    expect(await row(me.id)).toMatchObject({ username: "steady", bio: "still me" });
  });

  it("writes the host name for hosts, and requires it and a username of them", async () => {
    const host = await createUser(database.db, { userType: "host", hostTitle: "Old Title", username: "oldhost" });
    await updateProfile(database.db, {
      userId: host.id,
      input: form({ username: "oldhost", hostTitle: " The Crown  Collective " }),
      now,
    });
    expect((await row(host.id)).hostTitle).toBe("The Crown Collective");
    const error = await failure(
      updateProfile(database.db, { userId: host.id, input: form({ username: "", hostTitle: "" }), now }),
    );
    expect(error.details?.fields).toEqual({
      username: messages.profile.usernameRequired,
      hostTitle: messages.profile.hostTitleRequired,
    });
  });

  it("never gives a buyer a host name, whatever the form sends", async () => {
    const buyer = await createUser(database.db);
    await updateProfile(database.db, { userId: buyer.id, input: form({ hostTitle: "Totally Official Tickets" }), now });
    expect((await row(buyer.id)).hostTitle).toBeNull();
  });

  it("changes only the caller's own row", async () => {
    const me = await createUser(database.db);
    const other = await createUser(database.db, { bio: "theirs" });
    const otherBefore = await rowVersion(other.id);
    await updateProfile(database.db, { userId: me.id, input: form({ bio: "mine" }), now });
    expect(await rowVersion(other.id)).toBe(otherBefore);
    expect((await row(other.id)).bio).toBe("theirs");
  });

  it("does not write when nothing changed", async () => {
    const me = await createUser(database.db, {
      firstName: "Ada",
      lastName: "Lovelace",
      username: "same",
      updatedAt: created,
    });
    const before = await rowVersion(me.id);
    const result = await updateProfile(database.db, { userId: me.id, input: form({ username: "same" }), now });
    expect(result.changed).toBe(false);
    expect(await rowVersion(me.id)).toBe(before);
    expect((await row(me.id)).updatedAt).toEqual(created);
  });

  it("points the profile at new images and hands back the keys of the ones it replaced or removed", async () => {
    const me = await createUser(database.db);
    const mine = (name: string) => `/media/users/${me.id}/${name}.jpg`;
    await database.db
      .update(user)
      .set({ image: mine("profile-old"), coverImage: mine("cover-old") })
      .where(eq(user.id, me.id));
    const replaced = await updateProfile(database.db, {
      userId: me.id,
      input: form(),
      images: { image: mine("profile-new") },
      now,
    });
    expect(replaced.discardedImageKeys).toEqual([`users/${me.id}/profile-old.jpg`]);
    expect(await row(me.id)).toMatchObject({ image: mine("profile-new"), coverImage: mine("cover-old") });

    const removed = await updateProfile(database.db, {
      userId: me.id,
      input: form(),
      images: { coverImage: null },
      now,
    });
    expect(removed.discardedImageKeys).toEqual([`users/${me.id}/cover-old.jpg`]);
    expect((await row(me.id)).coverImage).toBeNull();
  });

  it("never hands back a file the person did not upload, whatever their image field points at", async () => {
    const other = await createUser(database.db);
    const me = await createUser(database.db);
    const foreign = [
      "/media/seed/events/summer-social.jpg",
      `/media/users/${other.id}/profile-theirs.jpg`,
      `/media/seed/users/${other.id}.jpg`,
      `/media/users/${me.id}/../${other.id}/profile-theirs.jpg`,
      "https://elsewhere.example/cat.jpg",
    ];
    for (const url of foreign) {
      await database.db.update(user).set({ image: url, coverImage: url }).where(eq(user.id, me.id));
      const result = await updateProfile(database.db, {
        userId: me.id,
        input: form(),
        images: { image: null, coverImage: null },
        now,
      });
      expect(result.changed, url).toBe(true);
      expect(result.discardedImageKeys, url).toEqual([]);
    }
  });

  it("refuses a deleted account", async () => {
    const gone = await createUser(database.db, { deletedAt: created });
    await expect(updateProfile(database.db, { userId: gone.id, input: form(), now })).rejects.toMatchObject({
      code: "not_found",
    });
  });
});

describe("isUsernameAvailable", () => {
  it("is false for a name someone else holds and true for one's own", async () => {
    const holder = await createUser(database.db, { username: "heldname" });
    const me = await createUser(database.db);
    expect(await isUsernameAvailable(database.db, "heldname", me.id)).toBe(false);
    expect(await isUsernameAvailable(database.db, "HeldName", me.id)).toBe(false);
    expect(await isUsernameAvailable(database.db, "heldname", holder.id)).toBe(true);
    expect(await isUsernameAvailable(database.db, "freename", me.id)).toBe(true);
  });

  it("is false for names that break the rules or belong to the site", async () => {
    const me = await createUser(database.db);
    for (const name of ["ab", "has space", "explore", "x".repeat(31), ""])
      expect(await isUsernameAvailable(database.db, name, me.id), name).toBe(false);
  });
});

describe("getEditableProfile", () => {
  it("reads the fields the settings page edits, empty strings for blanks", async () => {
    const me = await createUser(database.db, { phone: null, bio: "Hi" });
    expect(await getEditableProfile(database.db, me.id)).toMatchObject({
      firstName: "Test",
      lastName: "Person",
      phone: "",
      bio: "Hi",
      userType: "buyer",
      email: me.email,
    });
  });
});
