import { findCategory } from "~/domain/categories";
import { sanitizeDescription } from "~/lib/rich-text.server";
import { studioMessages } from "~/texts/studio-messages";
import type { Throttle } from "./throttle";

/**
 * A language model reached through an OpenAI-compatible chat endpoint the platform configured
 * (LLM_BASE_URL); absent, the Studio shows no writing helper. Null: no usable answer came back
 * (slow, refused, malformed): the caller says so, in the spec's words.
 */
export interface WritingHelper {
  complete(chat: { role: "system" | "user"; content: string }[]): Promise<string | null>;
}

/** Each request costs the platform money: a host gets 20 drafts an hour. */
export const WRITING_HELPER_RULE = { limit: 20, windowMs: 60 * 60 * 1000 };

const SYSTEM = [
  "You write event descriptions for Ticketyboo, a UK ticketing marketplace for grassroots events.",
  "Write in British English, warm and specific, 80 to 150 words, for the people who might come.",
  "Use only what the host gives you; never invent prices, dates, times, names or places.",
  "Answer with simple HTML only: <p>, <strong>, <em>, <ul>, <li>. No headings, no links, no preamble.",
].join(" ");

/**
 * A first draft of an event's description from its name, category and the host's notes, cleaned
 * to the editor's marks like anything a host saves. The host reviews and edits it before saving.
 */
export async function draftDescription(
  helper: WritingHelper,
  throttle: Throttle,
  input: { hostId: string; name: string; category: string; notes: string; now: Date },
): Promise<{ html: string } | { error: string }> {
  const name = input.name.trim().slice(0, 200);
  if (!name) return { error: "Give the event a name first: the helper starts from it." };
  const allowed = await throttle.hit(`writing-helper:${input.hostId}`, WRITING_HELPER_RULE, input.now);
  if (!allowed.allowed) return { error: studioMessages.writingHelperBusy };
  const category = findCategory(input.category)?.label;
  const notes = input.notes
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 2000);
  const answer = await helper.complete([
    { role: "system", content: SYSTEM },
    {
      role: "user",
      content: [`Event: ${name}`, category ? `Category: ${category}` : "", notes ? `Host's notes: ${notes}` : ""]
        .filter(Boolean)
        .join("\n"),
    },
  ]);
  const html = answer ? sanitizeDescription(answer) : "";
  return html ? { html } : { error: studioMessages.writingHelperNoResponse };
}
