import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { pino } from "pino";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { emailMessage } from "~/db/schema";
import { createTestDatabase } from "../../../tests/setup/test-db";
import { type JobQueue, startJobs, stopJobs } from "../jobs/boss.server";
import { PDFParse } from "pdf-parse";
import { createTicketCodes } from "../ticket-codes.server";
import { createEvent, createHost } from "../../../tests/factories/events";
import { buyTickets, createBuyer } from "../../../tests/factories/orders";
import { sendOrderConfirmation, ticketAttachments } from "~/services/emails/after-sale";
import type { AttachmentMaker } from "~/services/mailer";
import { createMailer, type ServerMailer } from "./mailer.server";

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? "silent" });
const publicUrl = "https://tickets.example.org";
const verifyUrl = "https://tickets.example.org/api/auth/verify-email?token=tok-123&callbackURL=%2Femail-verified";

let database: Database;
let boss: JobQueue | undefined;
let smtp: FakeSmtp | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterEach(async () => {
  if (boss) await stopJobs(boss);
  boss = undefined;
  await smtp?.close();
  smtp = undefined;
});

afterAll(async () => {
  await database?.close();
});

/** A real SMTP server on a random port; `refuse(n)` decides the reply to the n-th RCPT TO (1-based). */
interface FakeSmtp {
  url: string;
  received: { raw: string; rcptTo: string[]; mailFrom: string }[];
  rcptCalls: number;
  refuse: (call: number) => { code: number; message: string } | null;
  close(): Promise<void>;
}

async function startSmtp(refuse: FakeSmtp["refuse"] = () => null): Promise<FakeSmtp> {
  const fake: Omit<FakeSmtp, "url" | "close"> = { received: [], rcptCalls: 0, refuse };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      fake.rcptCalls += 1;
      const refusal = fake.refuse(fake.rcptCalls);
      if (!refusal) return callback();
      const error = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        fake.received.push({
          raw: Buffer.concat(chunks).toString("utf8"),
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as FakeSmtp;
}

async function startMailer(
  smtpUrl: string | undefined,
  retry = { limit: 3, delaySeconds: 1 },
  attachments?: AttachmentMaker,
): Promise<ServerMailer> {
  boss = await startJobs(database, { logger, pollingIntervalSeconds: 0.5, maintenance: false });
  const mailer = createMailer({
    database,
    boss,
    smtpUrl,
    publicUrl,
    logger,
    retry,
    pollingIntervalSeconds: 0.5,
    attachments,
  });
  await mailer.ready;
  return mailer;
}

async function row(id: string) {
  const [found] = await database.db.select().from(emailMessage).where(eq(emailMessage.id, id));
  return found!;
}

/** Waits for the row to leave "queued" (delivered, or out of retries). */
async function settled(id: string, timeout = 15_000) {
  await vi.waitFor(
    async () => {
      expect((await row(id)).status).not.toBe("queued");
    },
    { timeout, interval: 100 },
  );
  return row(id);
}

const verifyEmail = (to: string) => ({
  to,
  template: { name: "verify-email" as const, props: { firstName: "Bea", url: verifyUrl } },
});

describe("mailer over SMTP", () => {
  it("stores the message, queues it and delivers it to the SMTP server", async () => {
    smtp = await startSmtp();
    const mailer = await startMailer(smtp.url);
    const { id } = await mailer.send(verifyEmail("bea@example.com"));

    const stored = await row(id);
    expect(stored).toMatchObject({
      toAddress: "bea@example.com",
      template: "verify-email",
      transport: "smtp",
      subject: "Verify your email for Ticketyboo",
    });

    const sent = await settled(id);
    expect(sent).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(smtp.received).toHaveLength(1);
    const message = smtp.received[0]!;
    expect(message.rcptTo).toEqual(["bea@example.com"]);
    expect(message.mailFrom).toBe("no-reply@tickets.example.org");
    expect(message.raw).toMatch(/^Subject: Verify your email for Ticketyboo\r?$/m);
    expect(message.raw).toMatch(/^To: bea@example\.com\r?$/m);
    expect(message.raw).toMatch(/^From: Ticketyboo <no-reply@tickets\.example\.org>\r?$/m);
    // The row's id rides as the mail provider's metadata, for the bounce webhook to name it by.
    expect(message.raw).toMatch(new RegExp(`^X-PM-Metadata-email-id: ${id}\\r?$`, "im"));
    // Quoted-printable may fold long lines and encode "=" as "=3D"; undo both to find the link.
    const decoded = message.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    expect(decoded).toContain(verifyUrl.replace(/&/g, "&amp;"));
    expect(decoded).toContain(verifyUrl);
  });

  it("retries after the server refuses the first attempt, then delivers", async () => {
    smtp = await startSmtp((call) => (call === 1 ? { code: 451, message: "Greylisted, try again later" } : null));
    const mailer = await startMailer(smtp.url);
    const { id } = await mailer.send(verifyEmail("greylisted@example.com"));

    const sent = await settled(id);
    expect(sent.status).toBe("sent");
    expect(sent.attempts).toBe(2);
    // The refusal stays on the row as the reason it took a second attempt.
    expect(sent.lastError).toContain("Greylisted");
    expect(smtp.rcptCalls).toBe(2);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.rcptTo).toEqual(["greylisted@example.com"]);
  });

  it("marks the email failed with the last error once the retries run out, and staff can send it again", async () => {
    let accept = false;
    smtp = await startSmtp(() => (accept ? null : { code: 451, message: "Local error in processing" }));
    const mailer = await startMailer(smtp.url, { limit: 2, delaySeconds: 1 });
    const { id } = await mailer.send(verifyEmail("nobody@example.com"));

    const failed = await settled(id);
    expect(failed.status).toBe("failed");
    // The first attempt and both retries.
    expect(failed.attempts).toBe(3);
    expect(failed.lastError).toContain("451 Local error in processing");
    expect(failed.sentAt).toBeNull();
    expect(smtp.received).toHaveLength(0);

    // "Retry now": only a failed email goes back on the queue, with a fresh set of retries.
    accept = true;
    expect(await mailer.retry(id)).toBe(true);
    const resent = await settled(id);
    expect(resent).toMatchObject({ status: "sent", attempts: 4 });
    expect(smtp.received).toHaveLength(1);
    expect(await mailer.retry(id)).toBe(false);
  }, 30_000);
});

describe("attachments and headers", () => {
  it("sends an order's confirmation with its tickets as a PDF, and the headers it was given", async () => {
    smtp = await startSmtp();
    const mailer = await startMailer(smtp.url, undefined, ticketAttachments(database.db));
    const codes = createTicketCodes("a test ticket secret that is long enough");
    const host = await createHost(database.db);
    const e = await createEvent(database.db, {
      hostId: host.id,
      startsAt: new Date("2026-12-05T19:30:00Z"),
      name: "Folk in the Function Room",
    });
    const bea = await createBuyer(database.db);
    const bought = await buyTickets(database.db, {
      eventId: e.id,
      buyer: bea,
      quantity: 2,
      now: new Date("2026-11-24T12:00:00Z"),
      sign: codes.sign,
    });
    await sendOrderConfirmation({ db: database.db, mailer, publicUrl }, bought.orderId);
    const [stored] = await database.db
      .select()
      .from(emailMessage)
      .where(eq(emailMessage.template, "order-confirmation"));
    expect(stored!.attachments).toEqual([{ kind: "order-tickets", orderId: bought.orderId, holderId: bea.id }]);
    expect((await settled(stored!.id)).status).toBe("sent");

    const raw = smtp.received[0]!.raw;
    const part = raw.split(/\r?\n--/).find((p) => /Content-Type: application\/pdf/i.test(p))!;
    expect(part).toMatch(new RegExp(`filename=tickets-${bought.reference}\\.pdf`));
    const pdf = Buffer.from(
      part
        .split(/\r?\n\r?\n/)
        .slice(1)
        .join("")
        .replace(/\s+/g, ""),
      "base64",
    );
    const parser = new PDFParse({ data: new Uint8Array(pdf) });
    const text = await parser.getText();
    await parser.destroy();
    expect(text.pages).toHaveLength(2);
    for (const t of bought.tickets) expect(text.text.replace(/\s+/g, " ")).toContain(t.code);

    const { id } = await mailer.send({
      ...verifyEmail("listed@example.com"),
      headers: {
        "List-Unsubscribe": "<https://tickets.example.org/api/email/unsubscribe?token=abc>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    });
    await settled(id);
    // Long header lines may be folded onto the next line (RFC 5322 §2.2.3): unfold before reading.
    const second = smtp.received.find((m) => m.rcptTo.includes("listed@example.com"))!.raw.replace(/\r?\n[ \t]+/g, " ");
    expect(second).toMatch(
      /^List-Unsubscribe: <https:\/\/tickets\.example\.org\/api\/email\/unsubscribe\?token=abc>\r?$/m,
    );
    expect(second).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
  }, 30_000);
});

describe("mailer without SMTP (dev outbox)", () => {
  it("keeps the rendered message in the outbox and marks it sent", async () => {
    const mailer = await startMailer(undefined);
    const { id } = await mailer.send({
      to: "host@example.com",
      template: { name: "welcome", props: { firstName: "Harriet", userType: "host" } },
    });

    const sent = await settled(id);
    expect(sent).toMatchObject({
      status: "sent",
      attempts: 1,
      transport: "outbox",
      template: "welcome",
      subject: "Welcome to Ticketyboo, Harriet",
    });
    expect(sent.html).toContain(`${publicUrl}/h/dashboard`);
    expect(sent.text).toContain("Open Partner Studio");
  });

  it("links the message to its account when given one", async () => {
    const mailer = await startMailer(undefined);
    const { id } = await mailer.send({ ...verifyEmail("nouser@example.com"), userId: null });
    expect((await row(id)).userId).toBeNull();
    expect((await settled(id)).status).toBe("sent");
  });
});
