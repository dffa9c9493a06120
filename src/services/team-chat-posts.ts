import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { feedback, submittedEvent, user } from "~/db/schema";
import type { TeamChatSubject } from "./after-commit";
import { chatEscape, chatQuote, type ChatPoster } from "./submit-feedback";

/**
 * Announces a message to the team (the contact form, a signed-in person's feedback or support
 * request) or an event suggestion in the team chat: after-commit work (`team-chat`), so it runs only
 * once the row is saved, and never while the person who sent it waits. Without
 * a webhook there is nothing to do; a post the chat refuses throws, so the worker retries it with
 * backoff; a post already made (a job run twice) is not made again.
 */
export async function postToTeamChat(
  deps: { db: Db; teamChat?: ChatPoster | null },
  work: { about: TeamChatSubject; id: string },
): Promise<void> {
  const chat = deps.teamChat;
  if (!chat?.configured) return;
  const table = work.about === "submitted-event" ? submittedEvent : feedback;
  const text =
    work.about === "submitted-event" ? await suggestionText(deps.db, work.id) : await messageText(deps.db, work.id);
  if (text === null) return;
  if (!(await chat.post(text))) throw new Error(`the team chat did not take the ${work.about} post ${work.id}`);
  await deps.db.update(table).set({ postedToChatAt: new Date() }).where(eq(table.id, work.id));
}

async function messageText(db: Db, id: string): Promise<string | null> {
  const [found] = await db
    .select({ row: feedback, userType: user.userType })
    .from(feedback)
    .leftJoin(user, eq(user.id, feedback.userId))
    .where(eq(feedback.id, id));
  if (!found || found.row.postedToChatAt) return null;
  const { row, userType } = found;
  const from = `${chatEscape(row.name)} (${chatEscape(row.email)}${userType ? `, ${userType}` : ""})`;
  const heading =
    row.kind === "feedback"
      ? `*Feedback* from ${from}${row.subject ? ` about ${chatEscape(row.subject)}` : ""}`
      : row.kind === "bug"
        ? `*Bug report* from ${from}${row.subject ? `, ${chatEscape(row.subject)}` : ""}`
        : row.kind === "support"
          ? `*Support request* from ${from}\n*Subject:* ${chatEscape(row.subject ?? "")}`
          : `*Contact form* from ${from}${row.subject ? `: ${chatEscape(row.subject)}` : ""}`;
  // A support request about a booking starts with its order reference (services/submit-feedback.ts).
  // (Since 28 November the reference is followed by the sender's tie to the order, in brackets.)
  const order = row.kind === "support" ? /^Order reference: (TB-[A-Z0-9]+)( \([^)\n]+\))?\n\n/.exec(row.message) : null;
  const message = order ? row.message.slice(order[0].length) : row.message;
  const orderLine = order ? `*Order:* ${order[1]}${chatEscape(order[2] ?? "")}` : null;
  return [heading, orderLine, chatQuote(message), `ref ${row.id}`].filter((line) => line !== null).join("\n");
}

async function suggestionText(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select().from(submittedEvent).where(eq(submittedEvent.id, id));
  if (!row || row.postedToChatAt) return null;
  return [
    `*Event suggested*: ${chatEscape(row.url)}`,
    row.note ? chatQuote(row.note) : null,
    `from ${row.email ? chatEscape(row.email) : "someone who left no email"}`,
    `ref ${row.id}`,
  ]
    .filter((line) => line !== null)
    .join("\n");
}
