import { count, desc, eq, ilike, inArray, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { emailMessage } from "~/db/schema";

export const OUTBOX_PAGE_SIZE = 25;

export interface EmailMessageSummary {
  id: string;
  toAddress: string;
  subject: string;
  template: string;
  transport: "smtp" | "outbox";
  status: "queued" | "sent" | "failed";
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

const summary = {
  id: emailMessage.id,
  toAddress: emailMessage.toAddress,
  subject: emailMessage.subject,
  template: emailMessage.template,
  transport: emailMessage.transport,
  status: emailMessage.status,
  attempts: emailMessage.attempts,
  lastError: emailMessage.lastError,
  createdAt: emailMessage.createdAt,
  sentAt: emailMessage.sentAt,
};

/** Every stored email, newest first, a page at a time; `to` keeps those whose recipient contains it. */
export async function listEmailMessages(
  db: Db,
  opts: { to?: string; page?: number; pageSize?: number } = {},
): Promise<{ messages: EmailMessageSummary[]; total: number; page: number; pageCount: number }> {
  const pageSize = opts.pageSize ?? OUTBOX_PAGE_SIZE;
  const to = opts.to?.trim();
  const where: SQL | undefined = to ? ilike(emailMessage.toAddress, `%${escapeLike(to)}%`) : undefined;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(emailMessage).where(where);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(opts.page ?? 1) || 1), pageCount);
  const messages = await db
    .select(summary)
    .from(emailMessage)
    .where(where)
    .orderBy(desc(emailMessage.createdAt), desc(emailMessage.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { messages, total, page, pageCount };
}

/** One stored email with its HTML and text, or null (also for an id that is not a UUID). */
export async function getEmailMessage(db: Db, id: string) {
  if (!UUID.test(id)) return null;
  const [row] = await db.select().from(emailMessage).where(eq(emailMessage.id, id));
  return row ?? null;
}

/** Emails not delivered: failed ones (staff can send them again) and those still queued or retrying. */
export async function listUndeliveredEmails(db: Db, opts: { limit?: number } = {}) {
  const limit = opts.limit ?? 100;
  const list = (status: "failed" | "queued") =>
    db
      .select(summary)
      .from(emailMessage)
      .where(eq(emailMessage.status, status))
      .orderBy(desc(emailMessage.createdAt))
      .limit(limit);
  const [failed, queued, counts] = await Promise.all([
    list("failed"),
    list("queued"),
    db
      .select({ status: emailMessage.status, n: count() })
      .from(emailMessage)
      .where(inArray(emailMessage.status, ["failed", "queued"]))
      .groupBy(emailMessage.status),
  ]);
  const total = (status: string) => counts.find((c) => c.status === status)?.n ?? 0;
  return { failed, queued, failedTotal: total("failed"), queuedTotal: total("queued") };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
