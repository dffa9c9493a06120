import { and, eq, ne, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { Database } from "~/db/client.server";
import { emailMessage } from "~/db/schema";
import { type Job, type JobQueue, registerWorker } from "../jobs/boss.server";
import type { AttachmentMaker, Mailer, SendEmailInput } from "~/services/mailer";
import { renderEmail } from "./render.server";

/** The metadata key each email carries through the mail provider (`X-PM-Metadata-email-id` over SMTP). */
export const EMAIL_ID_METADATA = "email-id";

/** The pg-boss queue every email goes through, whatever its transport. */
export const EMAIL_SEND_QUEUE = "email.send";

export interface MailerOptions {
  database: Database;
  boss: JobQueue;
  /** Outgoing mail server (`smtp://user:pass@host:587`); unset, emails stay in the dev outbox. */
  smtpUrl: string | undefined;
  /** The site's address: links in emails, and the host of the From address. */
  publicUrl: string;
  logger: Logger;
  /** Retries after the first attempt (5) and the delay before the first retry (30 s), doubling after. */
  retry?: { limit: number; delaySeconds: number };
  /** How often idle workers look for due retries (2 s by default). */
  pollingIntervalSeconds?: number;
  /** Emails this instance delivers at once. */
  concurrency?: number;
  /** Makes the files an email names (see email_message.attachments) as it is delivered. */
  attachments?: AttachmentMaker;
}

export interface ServerMailer extends Mailer {
  /** Settles once the queue exists and this instance's workers listen; rejects if that failed. */
  ready: Promise<void>;
}

interface EmailJob {
  emailId: string;
}

/**
 * Sending is two steps so a request never waits on a mail server: `send()` renders the template,
 * stores the message (the outbox row) and queues a job; a worker then delivers it over SMTP, or,
 * with no SMTP_URL, just marks it sent so it can be read at /dev/outbox. A failed attempt is
 * recorded on the row and rethrown so pg-boss retries it with backoff; after the last retry the row
 * is marked failed, and staff can see it (and send it again) at /staff/emails.
 */
export function createMailer(options: MailerOptions): ServerMailer {
  const { database, boss, smtpUrl, publicUrl, logger } = options;
  const db = database.db;
  const retry = options.retry ?? { limit: 5, delaySeconds: 30 };
  const log = logger.child({ component: "mailer" });
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  const from = { name: "Ticketyboo", address: `no-reply@${new URL(publicUrl).hostname}` };

  async function deliver(job: Job<EmailJob>): Promise<void> {
    const id = job.data.emailId;
    // Every attempt counts, whatever its outcome. A row already sent (a job run twice) is left alone.
    const [row] = await db
      .update(emailMessage)
      .set({ attempts: sql`${emailMessage.attempts} + 1` })
      .where(and(eq(emailMessage.id, id), ne(emailMessage.status, "sent")))
      .returning();
    if (!row) {
      log.warn({ emailId: id, jobId: job.id }, "email job for a message that is gone or already sent: skipped");
      return;
    }
    try {
      if (row.transport === "smtp") {
        if (!transport) throw new Error("This email is for SMTP, but SMTP_URL is not set on this instance");
        const files = await Promise.all(
          row.attachments.map((ref) => (options.attachments ? options.attachments(ref) : Promise.resolve(null))),
        );
        await transport.sendMail({
          from,
          to: row.toAddress,
          subject: row.subject,
          html: row.html,
          text: row.text,
          // The email's own id rides along as the provider's metadata (Postmark's SMTP header), so a
          // bounce or complaint reported for it later names this row (api/email-delivery-webhook.ts).
          headers: { ...row.headers, [`X-PM-Metadata-${EMAIL_ID_METADATA}`]: row.id },
          attachments: files.flatMap((f) => (f ? [f] : [])),
        });
      }
      await db.update(emailMessage).set({ status: "sent", sentAt: new Date() }).where(eq(emailMessage.id, id));
      log.info({ emailId: id, template: row.template, transport: row.transport, attempt: row.attempts }, "email sent");
    } catch (error) {
      const lastTry = job.retryCount >= job.retryLimit;
      const message = error instanceof Error ? error.message : String(error);
      await db
        .update(emailMessage)
        .set({ lastError: message.slice(0, 2000), ...(lastTry ? { status: "failed" as const } : {}) })
        .where(eq(emailMessage.id, id));
      // The message and SMTP reply code, not the whole error: nodemailer's lists the recipients.
      const smtpCode = (error as { responseCode?: unknown }).responseCode;
      const fields = { emailId: id, template: row.template, attempt: row.attempts, error: message, smtpCode };
      if (lastTry) log.error(fields, "email failed: no retries left");
      else log.warn({ ...fields, retriesLeft: job.retryLimit - job.retryCount }, "email attempt failed: will retry");
      throw error;
    }
  }

  const worker = registerWorker<EmailJob>(
    { boss, database },
    EMAIL_SEND_QUEUE,
    {
      retryLimit: retry.limit,
      retryDelaySeconds: retry.delaySeconds,
      retryBackoff: true,
      pollingIntervalSeconds: options.pollingIntervalSeconds,
      concurrency: options.concurrency ?? 2,
    },
    deliver,
  );
  // Surfaced through `ready` and every send; logged here so a start-up failure is never silent.
  worker.catch((error: unknown) => log.error({ err: error }, "could not start the email worker"));
  const ready = worker.then(() => undefined);
  ready.catch(() => {});

  async function enqueue(emailId: string): Promise<void> {
    const registered = await worker;
    const jobId = await boss.send(EMAIL_SEND_QUEUE, { emailId } satisfies EmailJob, {
      retryLimit: retry.limit,
      retryDelay: retry.delaySeconds,
      retryBackoff: true,
    });
    if (!jobId) throw new Error(`Could not queue email ${emailId}`);
    registered.notify();
  }

  return {
    ready,

    async send({ to, template, userId = null, attachments = [], headers = {} }: SendEmailInput) {
      const rendered = await renderEmail(template, { publicUrl });
      const [row] = await db
        .insert(emailMessage)
        .values({
          toAddress: to,
          subject: rendered.subject,
          html: rendered.html,
          text: rendered.text,
          template: template.name,
          transport: transport ? "smtp" : "outbox",
          status: "queued",
          userId,
          attachments,
          headers,
        })
        .returning({ id: emailMessage.id });
      const id = row!.id;
      try {
        await enqueue(id);
      } catch (error) {
        // Stored but not queued: say so on the row, where staff look for failed emails.
        const message = error instanceof Error ? error.message : String(error);
        await db.update(emailMessage).set({ status: "failed", lastError: message }).where(eq(emailMessage.id, id));
        throw error;
      }
      log.info({ emailId: id, template: template.name }, "email queued");
      return { id };
    },

    render(template) {
      return renderEmail(template, { publicUrl });
    },

    async retry(id: string) {
      const [row] = await db
        .update(emailMessage)
        .set({ status: "queued" })
        .where(and(eq(emailMessage.id, id), eq(emailMessage.status, "failed")))
        .returning({ id: emailMessage.id });
      if (!row) return false;
      try {
        await enqueue(id);
      } catch (error) {
        await db.update(emailMessage).set({ status: "failed" }).where(eq(emailMessage.id, id));
        throw error;
      }
      log.info({ emailId: id }, "failed email queued again");
      return true;
    },
  };
}
