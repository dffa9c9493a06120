import { and, eq, inArray, sql } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { campaignRecipient, emailCampaign, emailMessage, marketingContact, marketingList, user } from "~/db/schema";
import { CONTACT_IMPORT_MAX_ROWS, CONTACTS_PER_HOST_MAX, LISTS_PER_HOST_MAX } from "~/domain/campaigns";
import { isAppError } from "~/lib/app-error";
import { createMailer } from "~/server/email/mailer.server";
import { createUnsubscribeLinks } from "~/server/email/unsubscribe.server";
import { type JobQueue, startJobs, stopJobs } from "~/server/jobs/boss.server";
import { createTicketCodes } from "~/server/ticket-codes.server";
import { createEvent, createHost } from "../../tests/factories/events";
import { buyTickets, createBuyer } from "../../tests/factories/orders";
import { createTestDatabase } from "../../tests/setup/test-db";
import { recordDeliveryProblem, unsubscribeFromHost } from "./campaign-tracking";
import { createCampaign, saveCampaign, scheduleCampaign, sendTestCampaign } from "./email-campaigns";
import { audienceSize, createList, importContacts, previewContactImport } from "./marketing-audiences";
import { RECIPIENT_HEADER, runCampaignSends, startDueCampaigns } from "./send-campaigns";
import { createDbThrottle } from "./throttle";
import { updateEmailPreferences } from "./update-email-preferences";

/**
 * Email marketing's promises (decision 0040), on a real database: nobody without consent is in an
 * audience or gets a campaign email, an unsubscribe (one click, or the buyer's preferences) takes
 * effect at the moment of sending, and the sender sends each person one email however often and
 * however concurrently it runs.
 */
const now = new Date("2026-11-25T12:00:00Z");
const publicUrl = "http://localhost:3000";
const codes = createTicketCodes("a test ticket secret that is long enough");
const links = createUnsubscribeLinks("campaign test secret", publicUrl).campaign;
let database: Database;
let boss: JobQueue;
let mailer: ReturnType<typeof createMailer>;
let hostId: string;
let eventId: string;
const people: Record<string, { id: string; email: string }> = {};

async function buyer(name: string, optedIn: boolean, from: string[]) {
  const row = await createBuyer(database.db, name);
  if (optedIn) await database.db.update(user).set({ marketingVenues: true }).where(eq(user.id, row.id));
  for (const e of from)
    await buyTickets(database.db, { eventId: e, buyer: { id: row.id, email: row.email, name }, now, sign: codes.sign });
  people[name] = { id: row.id, email: row.email };
  return row;
}

async function campaignTo(audience: { toBuyers: boolean; listIds: string[] }, subject = "Our next gig") {
  const { id } = await createCampaign(database.db, { hostId, by: hostId });
  const saved = await saveCampaign(database.db, {
    hostId,
    campaignId: id,
    subject,
    previewText: "Doors at 7",
    blocks: [
      { kind: "heading", text: "Back at the Crown", url: "", label: "", eventId: "" },
      { kind: "event", text: "", url: "", label: "", eventId },
      { kind: "button", text: "", url: "https://example.com/more", label: "Read more", eventId: "" },
    ],
    ...audience,
    now,
  });
  expect(saved.problems).toEqual({});
  return id;
}

const emailsTo = async (addresses: string[]) =>
  database.db
    .select({ to: emailMessage.toAddress, headers: emailMessage.headers, html: emailMessage.html })
    .from(emailMessage)
    .where(and(eq(emailMessage.template, "campaign"), inArray(emailMessage.toAddress, addresses)));

const campaignEmails = async (campaignId: string) =>
  (
    await database.db
      .select({ to: emailMessage.toAddress })
      .from(campaignRecipient)
      .innerJoin(emailMessage, eq(emailMessage.id, campaignRecipient.emailMessageId))
      .where(eq(campaignRecipient.campaignId, campaignId))
  ).map((r) => r.to);

beforeAll(async () => {
  database = await createTestDatabase();
  boss = await startJobs(database, { logger: pino({ level: "silent" }), maintenance: false });
  mailer = createMailer({ database, boss, smtpUrl: undefined, publicUrl, logger: pino({ level: "silent" }) });
  const host = await createHost(database.db, { hostTitle: "The Crown Folk Club", emailVerified: true });
  const other = await createHost(database.db, { hostTitle: "Someone Else" });
  hostId = host.id;
  eventId = (await createEvent(database.db, { hostId, startsAt: new Date("2026-12-12T19:30:00Z") })).id;
  const otherEvent = (await createEvent(database.db, { hostId: other.id, startsAt: new Date("2026-12-13T19:30:00Z") }))
    .id;
  await buyer("Ann Optedin", true, [eventId]);
  await buyer("Bob Neveroptedin", false, [eventId]);
  await buyer("Cat Unsubscribed", true, [eventId]);
  await buyer("Dan Otherhost", true, [otherEvent]);
  await buyer("Eve Changesmind", true, [eventId, eventId]);
}, 60_000);

afterAll(async () => {
  if (boss) await stopJobs(boss);
  await database?.close();
});

describe("who a host may email", () => {
  it("never puts a buyer who did not opt in, or who unsubscribed, in an audience, nor emails them", async () => {
    const db = database.db;
    // Cat unsubscribes from this host with one click from an earlier email.
    await unsubscribeFromHost(db, { hostId, email: people["Cat Unsubscribed"]!.email, source: "one_click" });
    // The host's list: Fay agreed at the door; Gus too, but unsubscribed since; Hal has an account that refuses.
    const list = await createList(db, { hostId, name: "Door sign-ups" });
    const hal = await createBuyer(db, "Hal Refuses");
    const csv = `Email,Name,Consented\nfay@example.com,Fay,01/10/2026\ngus@example.com,Gus,\n${hal.email},Hal,\n`;
    const read = await previewContactImport(db, { hostId, listId: list.id, text: csv, now });
    expect(read).toMatchObject({ ok: true, valid: 3, invalid: 0 });
    const imported = await importContacts(db, {
      hostId,
      listId: list.id,
      text: csv,
      importId: crypto.randomUUID(),
      consentSource: "Ticked the mailing list box on the sign-up sheet",
      consentConfirmed: true,
      importedBy: hostId,
      now,
    });
    expect(imported).toEqual({ imported: 3, already: 0 });
    const [fay] = await db.select().from(marketingContact).where(eq(marketingContact.email, "fay@example.com"));
    expect(fay).toMatchObject({
      consentSource: "Ticked the mailing list box on the sign-up sheet",
      importedBy: hostId,
      consentAt: new Date("2026-10-01T12:00:00Z"),
    });
    await unsubscribeFromHost(db, { hostId, email: "GUS@example.com", source: "page" });

    const audience = { toBuyers: true, listIds: [list.id] };
    // Ann, Eve (buyers who opted in) and Fay (a list with consent): nobody else.
    expect(await audienceSize(db, hostId, audience)).toBe(3);
    const campaignId = await campaignTo(audience);
    await scheduleCampaign(db, { hostId, campaignId, at: null, now, by: hostId });
    expect(await startDueCampaigns(db, now)).toBe(1);
    const built = await db
      .select({ email: campaignRecipient.email })
      .from(campaignRecipient)
      .where(eq(campaignRecipient.campaignId, campaignId));
    const ann = people["Ann Optedin"]!.email;
    const eve = people["Eve Changesmind"]!.email;
    expect(built.map((r) => r.email).sort()).toEqual([ann, eve, "fay@example.com"].sort());

    // Eve turns venue emails off after the audience was built, before her email is made: checked at send.
    await updateEmailPreferences(db, {
      userId: people["Eve Changesmind"]!.id,
      changes: { marketingVenues: false },
      now,
    });
    const run = await runCampaignSends({ db, mailer, links, publicUrl }, now);
    expect(run).toMatchObject({ sent: 2, skipped: 1, finished: 1 });
    expect((await campaignEmails(campaignId)).sort()).toEqual([ann, "fay@example.com"].sort());
    const [skipped] = await db
      .select()
      .from(campaignRecipient)
      .where(and(eq(campaignRecipient.campaignId, campaignId), eq(campaignRecipient.email, eve)));
    expect(skipped).toMatchObject({ status: "skipped", skipReason: "no_consent", emailMessageId: null });

    // Nobody without consent got any campaign email at all.
    const never = [
      people["Bob Neveroptedin"]!.email,
      people["Cat Unsubscribed"]!.email,
      people["Dan Otherhost"]!.email,
      eve,
      "gus@example.com",
      hal.email,
    ];
    expect(await emailsTo(never)).toEqual([]);
    const [campaign] = await db.select().from(emailCampaign).where(eq(emailCampaign.id, campaignId));
    expect(campaign).toMatchObject({ status: "sent", finishedAt: now });
  });

  it("skips, at the moment of sending, someone who unsubscribes with one click after the send started", async () => {
    const db = database.db;
    const campaignId = await campaignTo({ toBuyers: true, listIds: [] }, "Second gig");
    await scheduleCampaign(db, { hostId, campaignId, at: null, now, by: hostId });
    await startDueCampaigns(db, now);
    const ann = people["Ann Optedin"]!.email;
    await unsubscribeFromHost(db, { hostId, email: ann.toUpperCase(), source: "one_click" });
    const run = await runCampaignSends({ db, mailer, links, publicUrl }, now);
    expect(run).toMatchObject({ sent: 0, skipped: 1 });
    expect(await campaignEmails(campaignId)).toEqual([]);
    const [row] = await db.select().from(campaignRecipient).where(eq(campaignRecipient.campaignId, campaignId));
    expect(row).toMatchObject({ email: ann, status: "skipped", skipReason: "unsubscribed" });
  });

  it("puts one-click unsubscribe headers (RFC 8058) and a signed link on every campaign email", async () => {
    const [sent] = await emailsTo(["fay@example.com"]);
    expect(sent!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const oneClick = /^<(https?:\/\/[^>]+\/api\/email\/unsubscribe\?token=([^>]+))>$/.exec(
      sent!.headers["List-Unsubscribe"]!,
    );
    expect(oneClick).not.toBeNull();
    expect(links.verifyHost(decodeURIComponent(oneClick![2]!))).toEqual({ hostId, email: "fay@example.com" });
    // The event card: the event's name, its all-in price, its link through our click counter; and the open picture.
    expect(sent!.html).toContain("Open Mic Night");
    expect(sent!.html).toContain("/api/email/click?");
    expect(sent!.html).toContain("/api/email/open?t=");
    expect(sent!.html).toContain("/email/unsubscribe?token=");
  });
});

describe("the sender", () => {
  async function listOf(count: number, name: string) {
    const db = database.db;
    const list = await createList(db, { hostId, name });
    const csv = ["Email", ...Array.from({ length: count }, (_, i) => `${name.toLowerCase()}-${i}@example.com`)].join(
      "\n",
    );
    await importContacts(db, {
      hostId,
      listId: list.id,
      text: csv,
      importId: crypto.randomUUID(),
      consentSource: "Signed up on our website",
      consentConfirmed: true,
      importedBy: hostId,
      now,
    });
    return list.id;
  }

  it("sends each person one email, run twice at once and again after, within the per-minute cap", async () => {
    const db = database.db;
    const perMinute = 60;
    const total = perMinute + 15;
    const listId = await listOf(total, "Big");
    const campaignId = await campaignTo({ toBuyers: false, listIds: [listId] }, "Big news");
    const later = new Date(now.getTime() + 10 * 60_000);
    await scheduleCampaign(db, { hostId, campaignId, at: new Date(now.getTime() + 5 * 60_000), now, by: hostId });
    // Not due yet: nothing starts.
    expect(await runCampaignSends({ db, mailer, links, publicUrl }, now)).toMatchObject({ started: 0, sent: 0 });

    const first = await runCampaignSends({ db, mailer, links, publicUrl }, later, { perMinute });
    expect(first).toMatchObject({ started: 1, sent: perMinute, finished: 0 });
    // A minute on, two workers run at once, then a third after them: the rest go, once each.
    const next = new Date(later.getTime() + 61_000);
    const both = await Promise.all([
      runCampaignSends({ db, mailer, links, publicUrl }, next, { perMinute }),
      runCampaignSends({ db, mailer, links, publicUrl }, next, { perMinute }),
    ]);
    const again = await runCampaignSends({ db, mailer, links, publicUrl }, new Date(next.getTime() + 61_000));
    expect(both[0].sent + both[1].sent + again.sent).toBe(15);
    const sent = await campaignEmails(campaignId);
    expect(sent).toHaveLength(total);
    expect(new Set(sent).size).toBe(total);
    const { rows } = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from email_message
      where template = 'campaign' and to_address like 'big-%@example.com'`);
    expect(Number(rows[0]!.n)).toBe(total);
    const [campaign] = await db.select().from(emailCampaign).where(eq(emailCampaign.id, campaignId));
    expect(campaign!.status).toBe("sent");
  });

  it("after a stop mid-send, finds the email already stored instead of sending it again", async () => {
    const db = database.db;
    const listId = await listOf(3, "Crash");
    const campaignId = await campaignTo({ toBuyers: false, listIds: [listId] }, "Crash test");
    await scheduleCampaign(db, { hostId, campaignId, at: null, now, by: hostId });
    await startDueCampaigns(db, now);
    const rows = await db.select().from(campaignRecipient).where(eq(campaignRecipient.campaignId, campaignId));
    // A worker claimed two and stored the first one's email, then stopped before marking either sent.
    const [a, b] = rows;
    const claimedAt = new Date(now.getTime() - 10 * 60_000);
    await db
      .update(campaignRecipient)
      .set({ status: "claimed", claimedAt })
      .where(inArray(campaignRecipient.id, [a!.id, b!.id]));
    await mailer.send({
      to: a!.email,
      template: {
        name: "campaign",
        props: {
          subject: "Crash test",
          previewText: "",
          hostName: "x",
          blocks: [],
          unsubscribeUrl: "https://x.test",
          openPixelUrl: null,
        },
      },
      headers: { [RECIPIENT_HEADER]: a!.id },
    });
    const run = await runCampaignSends({ db, mailer, links, publicUrl }, now);
    expect(run.sent).toBe(2);
    const all = await db
      .select({ to: emailMessage.toAddress })
      .from(emailMessage)
      .where(
        inArray(
          emailMessage.toAddress,
          rows.map((r) => r.email),
        ),
      );
    expect(all.map((r) => r.to).sort()).toEqual(rows.map((r) => r.email).sort());
    const states = await db.select().from(campaignRecipient).where(eq(campaignRecipient.campaignId, campaignId));
    expect(states.every((s) => s.status === "sent" && s.emailMessageId)).toBe(true);
  });

  it("records a complaint and never emails that address for the host again", async () => {
    const db = database.db;
    const [fay] = await db
      .select()
      .from(campaignRecipient)
      .where(and(eq(campaignRecipient.email, "fay@example.com"), eq(campaignRecipient.status, "sent")));
    expect(
      await recordDeliveryProblem(db, {
        emailMessageId: fay!.emailMessageId!,
        kind: "complaint",
        permanent: true,
        now,
      }),
    ).toBe(true);
    const [after] = await db.select().from(campaignRecipient).where(eq(campaignRecipient.id, fay!.id));
    expect(after!.status).toBe("complained");
    const lists = (
      await db
        .selectDistinct({ id: marketingContact.listId })
        .from(marketingContact)
        .where(eq(marketingContact.email, "fay@example.com"))
    ).map((r) => r.id);
    expect(await audienceSize(db, hostId, { toBuyers: false, listIds: lists })).toBe(0);
    // Not ours: nothing happens.
    expect(
      await recordDeliveryProblem(db, { emailMessageId: crypto.randomUUID(), kind: "bounce", permanent: true, now }),
    ).toBe(false);
  });
});

describe("drafts, schedules and tests", () => {
  it("refuses to schedule what can't be sent, naming each field, and a time in the past", async () => {
    const db = database.db;
    const { id } = await createCampaign(db, { hostId, by: hostId });
    const refused = await scheduleCampaign(db, {
      hostId,
      campaignId: id,
      at: new Date(now.getTime() - 60_000),
      now,
      by: hostId,
    }).catch((e: unknown) => e);
    expect(isAppError(refused) && refused.code).toBe("validation_failed");
    const fields = (refused as { details: { fields: Record<string, string> } }).details.fields;
    expect(Object.keys(fields).sort()).toEqual(["block.0.text", "block.1.text", "sendAt", "subject"].sort());
    // Another host's campaign is no such campaign.
    const other = await createHost(db);
    const hidden = await scheduleCampaign(db, { hostId: other.id, campaignId: id, at: null, now, by: other.id }).catch(
      (e: unknown) => e,
    );
    expect(isAppError(hidden) && hidden.code).toBe("not_found");
  });

  it("sends a test to the host's own address with a working unsubscribe, throttled", async () => {
    const db = database.db;
    const campaignId = await campaignTo({ toBuyers: true, listIds: [] }, "Test me");
    const throttle = createDbThrottle(db, { cleanupProbability: 0 });
    await sendTestCampaign(db, {
      hostId,
      campaignId,
      to: "host@example.com",
      userId: hostId,
      links,
      mailer,
      throttle,
      publicUrl,
      now,
    });
    const [test] = await emailsTo(["host@example.com"]);
    expect(test!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(test!.html).not.toContain("/api/email/open");
    // No recipients: a test counts for nothing.
    expect(await db.select().from(campaignRecipient).where(eq(campaignRecipient.campaignId, campaignId))).toEqual([]);
  });

  it("holds a host to a bounded number of lists and contacts, counted across imports, never another's", async () => {
    const db = database.db;
    const host = await createHost(db, { hostTitle: "The Bulk Club" });
    for (let i = 0; i < LISTS_PER_HOST_MAX; i++) await createList(db, { hostId: host.id, name: `List ${i}` });
    await expect(createList(db, { hostId: host.id, name: "One too many" })).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringMatching(/delete one/i),
    });
    // Another host's lists are their own.
    await createList(db, { hostId, name: "Not counted with The Bulk Club's" });

    const [first, second] = await db
      .select({ id: marketingList.id })
      .from(marketingList)
      .where(eq(marketingList.hostId, host.id))
      .limit(2);
    const file = (n: number, tag: string) =>
      `Email\n${Array.from({ length: n }, (_, i) => `${tag}${i}@example.com`).join("\n")}\n`;
    const base = { hostId: host.id, consentSource: "Door sign-ups", consentConfirmed: true, importedBy: host.id, now };
    const limits = { contactsMax: 5 };
    const stored = async () =>
      (await db.select().from(marketingContact).where(eq(marketingContact.hostId, host.id))).length;
    await importContacts(db, {
      ...base,
      ...limits,
      listId: first!.id,
      text: file(3, "a"),
      importId: crypto.randomUUID(),
    });
    // Three more, into another list: past five in all, so none of them.
    await expect(
      importContacts(db, { ...base, ...limits, listId: second!.id, text: file(3, "b"), importId: crypto.randomUUID() }),
    ).rejects.toMatchObject({ code: "conflict", message: expect.stringMatching(/room for 2 more/) });
    expect(await stored()).toBe(3);
    await importContacts(db, {
      ...base,
      ...limits,
      listId: second!.id,
      text: file(2, "b"),
      importId: crypto.randomUUID(),
    });
    expect(await stored()).toBe(5);
    expect(CONTACTS_PER_HOST_MAX).toBeGreaterThanOrEqual(CONTACT_IMPORT_MAX_ROWS * 10);
  });

  it("imports a file all or nothing, and a second confirmation imports nothing", async () => {
    const db = database.db;
    const list = await createList(db, { hostId, name: "Strict" });
    const bad = "Email,Consented\nok@example.com,\nnot-an-email,\nok@example.com,\nlater@example.com,01/01/2030\n";
    const read = await previewContactImport(db, { hostId, listId: list.id, text: bad, now });
    expect(read.ok && read.rows.map((r) => r.errors)).toEqual([
      [],
      ["Line 3: enter an email address like name@example.com"],
      ["Line 4: this address is in the file more than once"],
      ["Line 5: write the date they agreed as DD/MM/YYYY or YYYY-MM-DD, not in the future"],
    ]);
    const base = {
      hostId,
      listId: list.id,
      consentSource: "Website form",
      consentConfirmed: true,
      importedBy: hostId,
      now,
    };
    await expect(importContacts(db, { ...base, text: bad, importId: crypto.randomUUID() })).rejects.toMatchObject({
      code: "validation_failed",
    });
    await expect(
      importContacts(db, {
        ...base,
        text: "Email\na@example.com\n",
        importId: crypto.randomUUID(),
        consentSource: " ",
      }),
    ).rejects.toMatchObject({ code: "validation_failed" });
    await expect(
      importContacts(db, {
        ...base,
        text: "Email\na@example.com\n",
        importId: crypto.randomUUID(),
        consentConfirmed: false,
      }),
    ).rejects.toMatchObject({ code: "validation_failed" });
    expect(await db.select().from(marketingContact).where(eq(marketingContact.listId, list.id))).toEqual([]);
    const importId = crypto.randomUUID();
    expect(await importContacts(db, { ...base, text: "Email\na@example.com\n", importId })).toEqual({
      imported: 1,
      already: 0,
    });
    await expect(importContacts(db, { ...base, text: "Email\na@example.com\n", importId })).rejects.toMatchObject({
      code: "conflict",
    });
  });
});
