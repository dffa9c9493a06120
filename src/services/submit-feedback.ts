import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { feedback, order, user } from "~/db/schema";
import { checkFeedback, checkSupportRequest, FEEDBACK_TOPICS } from "~/domain/feedback-rules";
import { AppError } from "~/lib/app-error";
import { messages } from "~/texts/messages";
import { afterCommit } from "./after-commit";
import type { Throttle } from "./throttle";

/** Where messages are announced to the team (server/team-chat.server.ts); posting never throws. */
export interface ChatPoster {
  readonly configured: boolean;
  post(text: string): Promise<boolean>;
}

export interface Submitted {
  id: string;
  /** Where a reply goes: the person's account email, never one typed into the form. */
  replyTo: string;
}

const HOUR = 60 * 60_000;

/**
 * How many messages may reach the team (feedback and support requests together), as sign-up is
 * limited: each is stored and announced in the team chat, so an unlimited stream would flood both.
 */
export const MESSAGE_LIMITS = {
  byPerson: { limit: 10, windowMs: HOUR },
  byAddress: { limit: 20, windowMs: HOUR },
} as const;

/** Who is posting, from where, and the shared counters that limit them. */
export interface PostGuard {
  throttle: Throttle;
  ip: string;
  now: Date;
}

/** Counts this message against the person and their address; over either limit, nothing is stored. */
async function countMessage(guard: PostGuard, userId: string): Promise<void> {
  for (const [key, rule] of [
    [`messages:person:${userId}`, MESSAGE_LIMITS.byPerson],
    [`messages:ip:${guard.ip}`, MESSAGE_LIMITS.byAddress],
  ] as const) {
    const result = await guard.throttle.hit(key, rule, guard.now);
    if (!result.allowed)
      throw new AppError("rate_limited", messages.auth.tryAgainLater, { retryAfterMs: result.retryAfterMs });
  }
}

/**
 * Feedback from a signed-in person (spec §3 feedback: message, user email, name, userId). It is
 * stored, so nothing is lost when the chat is down, and announced in the team chat after the commit.
 * Feedback whose topic is a bug is a bug report (spec §3's other record): kept as one, with the page
 * it happened on and the browser it came from, for whoever fixes it.
 */
export async function submitFeedback(
  db: Db,
  {
    userId,
    message,
    topic,
    page,
    browser,
  }: { userId: string; message: unknown; topic?: unknown; page?: unknown; browser?: string | null },
  guard: PostGuard,
): Promise<Submitted> {
  const checked = checkFeedback({ message, topic, page });
  if (!checked.ok)
    throw new AppError("validation_failed", Object.values(checked.errors)[0], { fields: checked.errors });
  await countMessage(guard, userId);
  const person = await findSender(db, userId);
  const topicLabel = FEEDBACK_TOPICS.find((t) => t.id === checked.value.topic)?.label ?? null;
  const bug = checked.value.topic === "bug";
  const agent = (browser ?? "").replace(/\s+/g, " ").trim().slice(0, 300);
  const id = await storeMessage(db, {
    kind: bug ? "bug" : "feedback",
    userId,
    name: person.name,
    email: person.email,
    subject: bug ? (checked.value.page ? `On ${checked.value.page}` : null) : topicLabel,
    message: bug && agent ? `${checked.value.message}\n\nBrowser: ${agent}` : checked.value.message,
  });
  return { id, replyTo: person.email };
}

/** A request for help: a subject, the message and, when it is about a booking, the order reference. */
export async function submitSupportRequest(
  db: Db,
  {
    userId,
    subject,
    message,
    orderReference,
  }: { userId: string; subject: unknown; message: unknown; orderReference?: unknown },
  guard: PostGuard,
): Promise<Submitted> {
  const checked = checkSupportRequest({ subject, message, orderReference });
  if (!checked.ok)
    throw new AppError("validation_failed", Object.values(checked.errors)[0], { fields: checked.errors });
  await countMessage(guard, userId);
  const person = await findSender(db, userId);
  const { orderReference: reference } = checked.value;
  // The feedback table has no column for it: the reference leads the message, where staff read first,
  // with whose it is, so nobody acts on a stranger's order because a message named it.
  const stored = reference
    ? `Order reference: ${reference} (${await orderStanding(db, reference, userId)})\n\n${checked.value.message}`
    : checked.value.message;
  const id = await storeMessage(db, {
    kind: "support",
    userId,
    name: person.name,
    email: person.email,
    subject: checked.value.subject,
    message: stored,
  });
  return { id, replyTo: person.email };
}

/** What staff read beside a support request's order reference: the sender's tie to that order, if any. */
export const ORDER_STANDING = {
  bought: "their own order",
  hosted: "an order for their event",
  holds: "they hold a ticket from it",
  none: "not on their account: check before acting on it",
} as const;

/**
 * How the sender stands to the order they named. A reference that is nobody's and one that is
 * someone else's read the same: the sender learns nothing, and staff look it up either way.
 */
async function orderStanding(db: Db, reference: string, userId: string): Promise<string> {
  const [found] = await db
    .select({
      bought: sql<boolean>`coalesce(${order.userId} = ${userId}, false)`,
      hosted: sql<boolean>`${order.hostId} = ${userId}`,
      // Spelled out: in a one-table query Drizzle leaves columns unqualified, which the subquery would read as its own.
      holds: sql<boolean>`exists (select 1 from ticket t
        where t.order_id = "order".id and t.holder_user_id = ${userId})`,
    })
    .from(order)
    .where(eq(order.reference, reference));
  if (found?.bought) return ORDER_STANDING.bought;
  if (found?.hosted) return ORDER_STANDING.hosted;
  if (found?.holds) return ORDER_STANDING.holds;
  return ORDER_STANDING.none;
}

/**
 * Stores the message and, in the same transaction, the work of announcing it in the team chat: the
 * post is made after the commit (services/team-chat-posts.ts), never while the person waits, and is
 * retried while the chat is down.
 */
async function storeMessage(db: Db, values: typeof feedback.$inferInsert & { kind: "feedback" | "bug" | "support" }) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(feedback).values(values).returning({ id: feedback.id });
    await afterCommit(tx, { kind: "team-chat", about: values.kind, id: row!.id });
    return row!.id;
  });
}

async function findSender(db: Db, userId: string) {
  const [person] = await db
    .select({ name: user.name, email: user.email, userType: user.userType })
    .from(user)
    .where(and(eq(user.id, userId), isNull(user.deletedAt)));
  if (!person) throw new AppError("not_found");
  return person;
}

/** Chat markup treats &, < and > as control characters (`<!channel>` pings everyone): escape what people typed. */
export function chatEscape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** What a person wrote, as a quote in chat markup, escaped. */
export function chatQuote(message: string): string {
  return message
    .split("\n")
    .map((line) => `> ${chatEscape(line)}`)
    .join("\n");
}
