import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { hostProfile, user } from "~/db/schema";
import { isAppError } from "~/lib/app-error";
import { hostSettingsMessages as m } from "~/texts/host-settings-messages";
import { createHost } from "../../tests/factories/events";
import { createBuyer } from "../../tests/factories/orders";
import { createTestDatabase } from "../../tests/setup/test-db";
import { getPublicProfile } from "./get-public-profile";
import { getOnlineProfile, publicHostExtras, saveBrandColors, saveOnlineProfile } from "./host-online-profile";

let database: Database;
const now = new Date("2026-11-26T12:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function rejection(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (error: unknown) => error,
  );
}

const profileInput = (over: Partial<{ hostTitle: string; bio: string }> = {}, social = {}) => ({
  hostTitle: "The Crown Collective",
  bio: "Quiz nights and open mics.",
  social,
  ...over,
});

describe("a host's online profile", () => {
  it("saves the name, bio, images and links, which the public profile then shows", async () => {
    const db = database.db;
    const host = await createHost(db, { image: `/media/users/x/profile-old.jpg` });
    const ownOld = `/media/users/${host.id}/profile-old.jpg`;
    await db.update(user).set({ image: ownOld }).where(eq(user.id, host.id));
    const saved = await saveOnlineProfile(db, {
      hostId: host.id,
      profile: profileInput(
        { hostTitle: "  The   Crown  ", bio: "Quiz nights\r\nevery Thursday." },
        { instagram: "instagram.com/thecrown", website: "https://thecrown.example.co.uk" },
      ),
      images: { image: `/media/users/${host.id}/profile-new.jpg`, coverImage: `/media/users/${host.id}/cover-1.jpg` },
      now,
    });
    // The old picture was the host's own upload: the caller deletes it once this has committed.
    expect(saved).toEqual({ changed: true, discardedImageKeys: [`users/${host.id}/profile-old.jpg`] });
    const profile = await getOnlineProfile(db, host.id);
    expect(profile).toMatchObject({
      hostTitle: "The Crown",
      bio: "Quiz nights\nevery Thursday.",
      image: `/media/users/${host.id}/profile-new.jpg`,
      coverImage: `/media/users/${host.id}/cover-1.jpg`,
      socialLinks: { instagram: "https://instagram.com/thecrown", website: "https://thecrown.example.co.uk/" },
    });
    expect(await getPublicProfile(db, host.id)).toMatchObject({
      displayName: "The Crown",
      bio: "Quiz nights\nevery Thursday.",
    });
    expect((await publicHostExtras(db, host.id)).socialLinks).toEqual(profile.socialLinks);

    // The same again changes nothing.
    const same = await saveOnlineProfile(db, {
      hostId: host.id,
      profile: profileInput({ hostTitle: "The Crown", bio: "Quiz nights\nevery Thursday." }, profile.socialLinks),
      now,
    });
    expect(same).toEqual({ changed: false, discardedImageKeys: [] });
  });

  it("refuses a link not on its network and a missing host name, naming each field, saving nothing", async () => {
    const db = database.db;
    const host = await createHost(db);
    const before = await getOnlineProfile(db, host.id);
    const refused = await rejection(
      saveOnlineProfile(db, {
        hostId: host.id,
        profile: profileInput({ hostTitle: " " }, { instagram: "https://evil.example/instagram", x: "http://x.com/a" }),
        now,
      }),
    );
    expect(isAppError(refused) && refused.code).toBe("validation_failed");
    expect(isAppError(refused) && refused.details?.fields).toEqual({
      hostTitle: "Please enter your host name.",
      instagram: m.badLink("Instagram", "https://www.instagram.com/yourname"),
      x: m.linkNotHttps("X (Twitter)"),
    });
    expect(await getOnlineProfile(db, host.id)).toEqual(before);
  });

  it("is for hosts only: a buyer's account has no online profile to read or save", async () => {
    const db = database.db;
    const buyer = await createBuyer(db);
    // Each is asked only when the one before has been answered, so no refusal goes unheard meanwhile.
    for (const attempt of [
      () => getOnlineProfile(db, buyer.id),
      () => saveOnlineProfile(db, { hostId: buyer.id, profile: profileInput(), now }),
    ]) {
      const refused = await rejection(attempt());
      expect(isAppError(refused) && refused.code).toBe("not_found");
    }
    expect(await db.select().from(hostProfile).where(eq(hostProfile.hostId, buyer.id))).toEqual([]);
  });
});

describe("brand colours", () => {
  it("are changed by owners only: a manager or scanner is refused and nothing changes", async () => {
    const db = database.db;
    const host = await createHost(db);
    for (const role of ["manager", "scanner"] as const) {
      const refused = await rejection(
        saveBrandColors(db, { hostId: host.id, role, colors: { brandColor: "#1e3a8a", accentColor: "" }, now }),
      );
      expect(isAppError(refused) && refused.code).toBe("forbidden");
      expect(isAppError(refused) && refused.message).toBe(m.ownersOnly);
    }
    expect((await publicHostExtras(db, host.id)).colors).toEqual({ brandColor: null, accentColor: null });
  });

  it("refuses an unreadable colour with both contrasts, then saves a readable one for the public profile", async () => {
    const db = database.db;
    const host = await createHost(db);
    const refused = await rejection(
      saveBrandColors(db, {
        hostId: host.id,
        role: "owner",
        colors: { brandColor: "#808080", accentColor: "#zzz" },
        now,
      }),
    );
    expect(isAppError(refused) && refused.details?.fields).toEqual({
      brandColor: m.unreadableColor("Main colour", "#808080", "3.9", "4.4"),
      accentColor: m.badColor("Second colour"),
    });
    expect(await db.select().from(hostProfile).where(eq(hostProfile.hostId, host.id))).toEqual([]);

    const saved = await saveBrandColors(db, {
      hostId: host.id,
      role: "owner",
      colors: { brandColor: "#1E3A8A", accentColor: "fde68a" },
      now,
    });
    expect(saved).toEqual({ changed: true, colors: { brandColor: "#1e3a8a", accentColor: "#fde68a" } });
    expect((await publicHostExtras(db, host.id)).colors).toEqual(saved.colors);
    // Links saved later keep the colours, and the colours keep the links.
    await saveOnlineProfile(db, { hostId: host.id, profile: profileInput({}, { tiktok: "tiktok.com/@crown" }), now });
    expect(await publicHostExtras(db, host.id)).toEqual({
      colors: saved.colors,
      socialLinks: { tiktok: "https://tiktok.com/@crown" },
    });
    const again = await saveBrandColors(db, {
      hostId: host.id,
      role: "owner",
      colors: { brandColor: "#1e3a8a", accentColor: "#FDE68A" },
      now,
    });
    expect(again.changed).toBe(false);
  });
});
