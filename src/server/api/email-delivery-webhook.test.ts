import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { campaignRecipient, emailCampaign, emailMessage, marketingUnsubscribe } from "~/db/schema";
import { createHost } from "../../../tests/factories/events";
import { createTestApp } from "../../../tests/setup/test-app";
import { createTestDatabase } from "../../../tests/setup/test-db";

const USER = "postmark";
const PASSWORD = "a long webhook password";
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

let database: Database;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
let hostId: string;
let campaignId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await createTestApp(database, { EMAIL_WEBHOOK_USER: USER, EMAIL_WEBHOOK_PASSWORD: PASSWORD });
  hostId = (await createHost(database.db, { hostTitle: "The Bounce Room" })).id;
  const [campaign] = await database.db
    .insert(emailCampaign)
    .values({ hostId, subject: "Next month", status: "sending" })
    .returning();
  campaignId = campaign!.id;
});
afterAll(async () => {
  await testApp.close();
  await database.close();
});

/** A campaign email already sent to `email`: its message row and its recipient row. */
async function sentTo(email: string) {
  const db = database.db;
  const [message] = await db
    .insert(emailMessage)
    .values({
      toAddress: email,
      subject: "Next month",
      html: "<p>Hi</p>",
      text: "Hi",
      template: "campaign",
      transport: "smtp",
    })
    .returning();
  const [recipient] = await db
    .insert(campaignRecipient)
    .values({ campaignId, email, status: "sent", emailMessageId: message!.id, sentAt: new Date() })
    .returning();
  return { messageId: message!.id, recipientId: recipient!.id };
}

/** What Postmark's bounce webhook posts (its documented fields), for our email `emailId`. */
const bounce = (emailId: string, type: string, inactive: boolean) => ({
  RecordType: "Bounce",
  MessageStream: "outbound",
  ID: 4323372036,
  Type: type,
  TypeCode: type === "HardBounce" ? 1 : 4096,
  Name: type === "HardBounce" ? "Hard bounce" : "Soft bounce",
  MessageID: "883953f4-6105-42a2-a16a-77a8eac79483",
  // As our mail library writes the header (X-Pm-Metadata-Email-ID), Postmark keeps the key's case.
  Metadata: { "Email-ID": emailId },
  ServerID: 23,
  Description: "The server was unable to deliver your message (ex: unknown user, mailbox not found).",
  Details: "smtp;550 5.1.1 The email account that you tried to reach does not exist.",
  Email: "someone@example.com",
  From: "no-reply@ticketyboo.test",
  BouncedAt: "2026-11-26T22:10:54.9070259Z",
  DumpAvailable: true,
  Inactive: inactive,
  CanActivate: true,
  Subject: "Next month",
});

const post = (body: unknown, authorization: string | null = basic(USER, PASSWORD)) =>
  testApp.app.request("/api/webhooks/postmark", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(authorization ? { Authorization: authorization } : {}) },
    body: JSON.stringify(body),
  });

const recipientStatus = async (id: string) =>
  (await database.db.select().from(campaignRecipient).where(eq(campaignRecipient.id, id)))[0]!.status;
const unsubscribed = async (email: string) =>
  (
    await database.db
      .select()
      .from(marketingUnsubscribe)
      .where(and(eq(marketingUnsubscribe.hostId, hostId), eq(marketingUnsubscribe.email, email)))
  ).length > 0;

describe("Postmark's bounce and complaint webhook", () => {
  it("refuses a post without the webhook's credentials, or with wrong ones, and changes nothing", async () => {
    const { messageId, recipientId } = await sentTo("guess@example.com");
    for (const authorization of [null, basic(USER, "not the password"), basic("someone", PASSWORD), "Bearer x"]) {
      const res = await post(bounce(messageId, "HardBounce", true), authorization);
      expect(res.status, String(authorization)).toBe(401);
    }
    expect(await recipientStatus(recipientId)).toBe("sent");
    expect(await unsubscribed("guess@example.com")).toBe(false);
  });

  it("records a hard bounce and unsubscribes the address from that host", async () => {
    const { messageId, recipientId } = await sentTo("gone@example.com");
    const res = await post(bounce(messageId, "HardBounce", true));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, recorded: true });
    expect(await recipientStatus(recipientId)).toBe("bounced");
    expect(await unsubscribed("gone@example.com")).toBe(true);
  });

  it("records a soft bounce without unsubscribing: the next campaign may reach them", async () => {
    const { messageId, recipientId } = await sentTo("full-inbox@example.com");
    expect((await post(bounce(messageId, "SoftBounce", false))).status).toBe(200);
    expect(await recipientStatus(recipientId)).toBe("bounced");
    expect(await unsubscribed("full-inbox@example.com")).toBe(false);
  });

  it("records a spam complaint and unsubscribes the address", async () => {
    const { messageId, recipientId } = await sentTo("annoyed@example.com");
    const complaint = { ...bounce(messageId, "SpamComplaint", true), RecordType: "SpamComplaint", TypeCode: 512 };
    expect(await (await post(complaint)).json()).toEqual({ received: true, recorded: true });
    expect(await recipientStatus(recipientId)).toBe("complained");
    expect(await unsubscribed("annoyed@example.com")).toBe(true);
  });

  it("acknowledges what is not ours or not a problem, changing nothing", async () => {
    const { messageId, recipientId } = await sentTo("fine@example.com");
    const delivery = { RecordType: "Delivery", MessageID: "x", Metadata: { "email-id": messageId }, Details: "ok" };
    for (const body of [
      delivery,
      bounce(crypto.randomUUID(), "HardBounce", true),
      bounce("not-a-uuid", "HardBounce", true),
      { ...bounce(messageId, "HardBounce", true), Metadata: undefined },
    ]) {
      const res = await post(body);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ received: true, recorded: false });
    }
    expect(await recipientStatus(recipientId)).toBe("sent");
  });

  it("names what is wrong with a body that is not Postmark's", async () => {
    const res = await post({ RecordType: 42 });
    expect(res.status).toBe(422);
  });
});

describe("without the webhook's credentials configured", () => {
  it("has no such endpoint", async () => {
    const bare = await createTestApp(database);
    try {
      const res = await bare.app.request("/api/webhooks/postmark", {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: basic(USER, PASSWORD) },
        body: "{}",
      });
      expect(res.status).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
