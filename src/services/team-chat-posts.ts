import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { feedback, submittedEvent } from "~/db/schema";
import type { TeamChatSubject } from "./after-commit";
import { chatEscape, chatQuote, type ChatPoster } from "./submit-feedback";

/**
 * Announces a visitor's contact message or event suggestion in the team chat: after-commit work
 * (`team-chat`), so it runs only once the row is saved, and never while the visitor waits. Without
 * a webhook there is nothing to do; a post the chat refuses throws, so the worker retries it with
 * backoff; a post already made (a job run twice) is not made again.
 */
export async function postToTeamChat(
  deps: { db: Db; teamChat?: ChatPoster | null },
  work: { about: TeamChatSubject; id: string },
): Promise<void> {
  const chat = deps.teamChat;
  if (!chat?.configured) return;
  const table = work.about === "contact" ? feedback : submittedEvent;
  const text = work.about === "contact" ? await contactText(deps.db, work.id) : await suggestionText(deps.db, work.id);
  if (text === null) return;
  if (!(await chat.post(text))) throw new Error(`the team chat did not take the ${work.about} post ${work.id}`);
  await deps.db.update(table).set({ postedToChatAt: new Date() }).where(eq(table.id, work.id));
}

async function contactText(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select().from(feedback).where(eq(feedback.id, id));
  if (!row || row.postedToChatAt) return null;
  return [
    `*Contact form* from ${chatEscape(row.name)} (${chatEscape(row.email)})` +
      (row.subject ? `: ${chatEscape(row.subject)}` : ""),
    chatQuote(row.message),
    `ref ${row.id}`,
  ].join("\n");
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
