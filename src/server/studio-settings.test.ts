import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { hostPayoutAccount, hostProfile, user } from "~/db/schema";
import { addHostMember } from "~/services/studio-access";
import { hostSettingsMessages as m } from "~/texts/host-settings-messages";
import { messages } from "~/texts/messages";
import { IMAGE_UPLOADS } from "~/web/lib/image-uploads.server";
import { createEvent } from "../../tests/factories/events";
import { signInThroughApi } from "../../tests/setup/test-app";
import { studioTestApp } from "../../tests/setup/studio-app";

/**
 * The online profile and settings over HTTP, as a browser without JavaScript uses them: what an
 * owner, a manager and a scanner of one host may see and change.
 */
const studio = studioTestApp("settings");

const send = studio.send;

async function aTeam() {
  const db = studio.database.db;
  const owner = await signInThroughApi(studio.testApp, studio.database, {
    userType: "host",
    hostTitle: "The Crown",
    username: null,
  });
  const manager = await signInThroughApi(studio.testApp, studio.database, { firstName: "Mia", lastName: "Manager" });
  const scanner = await signInThroughApi(studio.testApp, studio.database, { firstName: "Sid", lastName: "Scanner" });
  await addHostMember(db, { hostId: owner.person.id, userId: manager.person.id, role: "manager" });
  await addHostMember(db, { hostId: owner.person.id, userId: scanner.person.id, role: "scanner" });
  return { owner, manager, scanner };
}

/** As React writes text into HTML. */
const html = (text: string) => text.replaceAll("'", "&#x27;");

const colorsForm = { intent: "colors", brandColor: "#1E3A8A", accentColor: "" };

describe("pictures uploaded to a host's profile", () => {
  it("are counted before they are decoded: past the allowance, the picture is refused on its field", async () => {
    const { owner } = await aTeam();
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#c8175f" } })
      .png()
      .toBuffer();
    const upload = () => {
      const form = new FormData();
      form.set("intent", "profile");
      form.set("hostTitle", "The Crown");
      form.set("bio", "");
      form.set("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "logo.png");
      return studio.testApp.app.request(new URL("/h/onlineprofile", studio.testApp.config.publicUrl).href, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: studio.testApp.config.publicUrl, Cookie: owner.cookie },
        body: form,
      });
    };
    for (let i = 0; i < IMAGE_UPLOADS.limit; i++) expect((await upload()).status).toBe(200);
    const [before] = await studio.database.db
      .select({ image: user.image })
      .from(user)
      .where(eq(user.id, owner.person.id));
    const refused = await upload();
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain(html(messages.images.tooManyUploads));
    const [after] = await studio.database.db
      .select({ image: user.image })
      .from(user)
      .where(eq(user.id, owner.person.id));
    expect(after!.image).toBe(before!.image);
  });
});

describe("settings for a host's team", () => {
  it("lets a manager edit the online profile but not the colours, payouts or notifications", async () => {
    const { owner, manager } = await aTeam();
    const hostId = owner.person.id;

    const profile = await send("/h/onlineprofile", manager.cookie, {
      intent: "profile",
      hostTitle: "The Crown Inn",
      bio: "Pub quiz on Thursdays.",
      instagram: "instagram.com/thecrowninn",
    });
    expect(profile.status).toBe(200);
    const [host] = await studio.database.db.select().from(user).where(eq(user.id, hostId));
    expect(host).toMatchObject({ hostTitle: "The Crown Inn", bio: "Pub quiz on Thursdays." });

    // The colours: refused on the profile page in the owners-only words, not found on Settings › Colours.
    const onProfile = await send("/h/onlineprofile", manager.cookie, colorsForm);
    expect(onProfile.status).toBe(403);
    expect(await onProfile.text()).toContain(html(m.ownersOnly));
    expect((await send("/h/settings/colors", manager.cookie, colorsForm)).status).toBe(404);
    expect((await send("/h/settings/payouts", manager.cookie, { intent: "connect" })).status).toBe(404);
    expect((await send("/h/settings/notifications", manager.cookie, { eventSummaries: "on" })).status).toBe(404);
    expect((await send("/h/settings/payouts/connect", manager.cookie)).status).toBe(404);
    expect(
      await studio.database.db.select().from(hostPayoutAccount).where(eq(hostPayoutAccount.hostId, hostId)),
    ).toEqual([]);
    const [row] = await studio.database.db.select().from(hostProfile).where(eq(hostProfile.hostId, hostId));
    expect(row?.brandColor ?? null).toBeNull();

    // What a manager sees: the payouts page, with the owners-only words and no way to connect.
    const page = await send("/h/settings/payouts", manager.cookie);
    expect(page.status).toBe(200);
    const body = await page.text();
    expect(body).toContain(html(m.ownersOnly));
    expect(body).not.toContain("Connect payouts</button>");
  });

  it("lets the owner save colours and connect payouts, and gives a scanner no settings at all", async () => {
    const { owner, scanner } = await aTeam();
    const refused = await send("/h/settings/colors", owner.cookie, { ...colorsForm, brandColor: "#808080" });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain(m.unreadableColor("Main colour", "#808080", "3.9", "4.4"));
    expect((await send("/h/settings/colors", owner.cookie, colorsForm)).status).toBe(200);
    const [row] = await studio.database.db.select().from(hostProfile).where(eq(hostProfile.hostId, owner.person.id));
    expect(row?.brandColor).toBe("#1e3a8a");

    expect(await (await send("/h/settings/payouts", owner.cookie)).text()).toContain("Connect payouts</button>");
    const connect = await send("/h/settings/payouts", owner.cookie, { intent: "connect" });
    expect(connect.status).toBe(302);
    expect(connect.headers.get("Location")).toMatch(/\/pay\/test\/connect\/acct_test_/);

    for (const path of ["/h/settings", "/h/settings/payouts", "/h/settings/colors", "/h/onlineprofile"])
      expect((await send(path, scanner.cookie)).status, path).toBe(404);
  });
});

describe("the first tabs by the names spec §2 gives them", () => {
  it("lead their team to the frames, keeping the query, and are refused to anyone the frame refuses", async () => {
    const { owner, scanner } = await aTeam();
    const other = await signInThroughApi(studio.testApp, studio.database, { userType: "host", hostTitle: "Elsewhere" });
    const gig = await createEvent(studio.database.db, {
      hostId: owner.person.id,
      startsAt: new Date(Date.now() + 7 * 86_400_000),
    });
    const profile = await send("/h/settings/profile?from=menu", owner.cookie);
    expect(profile.status).toBe(302);
    expect(profile.headers.get("Location")).toBe("/h/settings?from=menu");
    const overview = await send(`/h/events/${gig.id}/edit/overview`, owner.cookie);
    expect(overview.status).toBe(302);
    expect(overview.headers.get("Location")).toBe(`/h/events/${gig.id}/edit`);
    // Another host is told there is no such event, and a scanner is not let into the editor, as the frame answers.
    expect((await send(`/h/events/${gig.id}/edit/overview`, other.cookie)).status).toBe(404);
    expect((await send(`/h/events/${gig.id}/edit`, other.cookie)).status).toBe(404);
    const scannerAsks = await send(`/h/events/${gig.id}/edit/overview`, scanner.cookie);
    const scannerFrame = await send(`/h/events/${gig.id}/edit`, scanner.cookie);
    expect(scannerAsks.status).toBe(scannerFrame.status);
    expect(scannerAsks.headers.get("Location")).toBe(scannerFrame.headers.get("Location"));
    expect(scannerAsks.status).not.toBe(200);
  });
});
