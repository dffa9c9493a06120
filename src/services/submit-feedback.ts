import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { feedback, user } from "~/db/schema";
import { checkFeedback, checkSupportRequest, FEEDBACK_TOPICS } from "~/domain/feedback-rules";
import { AppError } from "~/lib/app-error";

/** Where messages are announced to the team (server/team-chat.server.ts); posting never throws. */
export interface ChatPoster {
  readonly configured: boolean;
  post(text: string): Promise<boolean>;
}

export interface Submitted {
  id: string;
  /** Where a reply goes: the person's account email, never one typed into the form. */
  replyTo: string;
  postedToChat: boolean;
}

/**
 * Feedback from a signed-in person (spec §3 feedback: message, user email, name, userId). It is
 * stored first, so nothing is lost when the chat is down, then announced to the team chat.
 */
export async function submitFeedback(
  db: Db,
  chat: ChatPoster | null,
  { userId, message, topic }: { userId: string; message: unknown; topic?: unknown },
): Promise<Submitted> {
  const checked = checkFeedback({ message, topic });
  if (!checked.ok) throw new AppError("validation_failed", Object.values(checked.errors)[0], { fields: checked.errors });
  const person = await findSender(db, userId);
  const topicLabel = FEEDBACK_TOPICS.find((t) => t.id === checked.value.topic)?.label ?? null;
  const [row] = await db
    .insert(feedback)
    .values({ kind: "feedback", userId, name: person.name, email: person.email, subject: topicLabel, message: checked.value.message })
    .returning({ id: feedback.id });
  const text = [
    `*Feedback* from ${chatEscape(person.name)} (${chatEscape(person.email)}, ${person.userType})${topicLabel ? ` about ${topicLabel}` : ""}`,
    quote(checked.value.message),
    `ref ${row!.id}`,
  ].join("\n");
  return { id: row!.id, replyTo: person.email, postedToChat: await announce(db, chat, row!.id, text) };
}

/** A request for help: a subject, the message and, when it is about a booking, the order reference. */
export async function submitSupportRequest(
  db: Db,
  chat: ChatPoster | null,
  { userId, subject, message, orderReference }: { userId: string; subject: unknown; message: unknown; orderReference?: unknown },
): Promise<Submitted> {
  const checked = checkSupportRequest({ subject, message, orderReference });
  if (!checked.ok) throw new AppError("validation_failed", Object.values(checked.errors)[0], { fields: checked.errors });
  const person = await findSender(db, userId);
  const { orderReference: reference } = checked.value;
  // The feedback table has no column for it: the reference leads the message, where staff read first.
  const stored = reference ? `Order reference: ${reference}\n\n${checked.value.message}` : checked.value.message;
  const [row] = await db
    .insert(feedback)
    .values({ kind: "support", userId, name: person.name, email: person.email, subject: checked.value.subject, message: stored })
    .returning({ id: feedback.id });
  const text = [
    `*Support request* from ${chatEscape(person.name)} (${chatEscape(person.email)}, ${person.userType})`,
    `*Subject:* ${chatEscape(checked.value.subject)}`,
    reference ? `*Order:* ${reference}` : null,
    quote(checked.value.message),
    `ref ${row!.id}`,
  ]
    .filter((line) => line !== null)
    .join("\n");
  return { id: row!.id, replyTo: person.email, postedToChat: await announce(db, chat, row!.id, text) };
}

async function findSender(db: Db, userId: string) {
  const [person] = await db
    .select({ name: user.name, email: user.email, userType: user.userType })
    .from(user)
    .where(and(eq(user.id, userId), isNull(user.deletedAt)));
  if (!person) throw new AppError("not_found");
  return person;
}

async function announce(db: Db, chat: ChatPoster | null, id: string, text: string): Promise<boolean> {
  if (!chat?.configured) return false;
  const posted = await chat.post(text);
  if (posted) await db.update(feedback).set({ postedToChatAt: new Date() }).where(eq(feedback.id, id));
  return posted;
}

/** Chat markup treats &, < and > as control characters (`<!channel>` pings everyone): escape what people typed. */
export function chatEscape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function quote(message: string): string {
  return message
    .split("\n")
    .map((line) => `> ${chatEscape(line)}`)
    .join("\n");
}
