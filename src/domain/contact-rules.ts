import { isValidEmail, normaliseEmail } from "./account-rules";
import { cleanText, type Checked } from "./feedback-rules";

/**
 * What a visitor may send from the public contact form (/contact) and the submit-an-event form
 * (/submit-an-event). Pure, so the pages (limits on the fields), the services (the real check)
 * and the tests share one set of rules.
 */

/** The topics the contact form offers; the footer's "Schedule a meeting" link preselects that one. */
export const CONTACT_TOPICS = [
  { id: "general", label: "A general question" },
  { id: "booking", label: "A booking or tickets" },
  { id: "hosting", label: "Hosting events with us" },
  { id: "schedule-a-meeting", label: "Schedule a meeting" },
  { id: "press", label: "Press and partnerships" },
  { id: "other", label: "Something else" },
] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number]["id"];
export const MEETING_TOPIC: ContactTopic = "schedule-a-meeting";

export const CONTACT_LIMITS = {
  name: { min: 2, max: 100 },
  message: { min: 10, max: 5000 },
  eventUrl: { max: 500 },
  eventNote: { max: 1000 },
} as const;

export function isContactTopic(value: string): value is ContactTopic {
  return CONTACT_TOPICS.some((t) => t.id === value);
}

export function contactTopicLabel(id: string | null): string | null {
  return CONTACT_TOPICS.find((t) => t.id === id)?.label ?? null;
}

export interface ContactInput {
  name: string;
  email: string;
  topic: ContactTopic;
  message: string;
}

type ContactField = "name" | "email" | "topic" | "message";

export function checkContactMessage(raw: {
  name?: unknown;
  email?: unknown;
  topic?: unknown;
  message?: unknown;
}): Checked<ContactInput, ContactField> {
  const errors: Partial<Record<ContactField, string>> = {};
  const name = cleanText(raw.name).replace(/\s+/g, " ");
  const email = normaliseEmail(cleanText(raw.email));
  const topic = cleanText(raw.topic);
  const message = cleanText(raw.message);
  if (name === "") errors.name = "Please enter your name.";
  else if (name.length < CONTACT_LIMITS.name.min)
    errors.name = `Name needs at least ${CONTACT_LIMITS.name.min} characters.`;
  else if (name.length > CONTACT_LIMITS.name.max)
    errors.name = `Name must be ${CONTACT_LIMITS.name.max} characters or fewer.`;
  const emailError = emailProblem(email, true);
  if (emailError) errors.email = emailError;
  if (!isContactTopic(topic)) errors.topic = "Please choose what your message is about.";
  if (message === "") errors.message = "Please enter a message.";
  else if (message.length < CONTACT_LIMITS.message.min)
    errors.message = `Message needs at least ${CONTACT_LIMITS.message.min} characters.`;
  else if (message.length > CONTACT_LIMITS.message.max)
    errors.message =
      `Message must be ${CONTACT_LIMITS.message.max.toLocaleString("en-GB")} characters or fewer ` +
      `(yours has ${message.length.toLocaleString("en-GB")}).`;
  if (Object.keys(errors).length > 0 || !isContactTopic(topic)) return { ok: false, errors };
  return { ok: true, value: { name, email, topic, message } };
}

export interface EventSuggestionInput {
  /** The event's page, normalised (https or http only, no credentials, no fragment). */
  url: string;
  note: string | null;
  email: string | null;
}

type SuggestionField = "url" | "note" | "email";

export function checkEventSuggestion(raw: {
  url?: unknown;
  note?: unknown;
  email?: unknown;
}): Checked<EventSuggestionInput, SuggestionField> {
  const errors: Partial<Record<SuggestionField, string>> = {};
  const typed = cleanText(raw.url);
  const url = typed === "" ? null : eventLink(typed);
  if (typed === "") errors.url = "Please enter the link to the event's page.";
  else if (typed.length > CONTACT_LIMITS.eventUrl.max)
    errors.url = `The link must be ${CONTACT_LIMITS.eventUrl.max} characters or fewer.`;
  else if (!url) errors.url = "Please enter a full web address, starting with https://";
  const note = cleanText(raw.note);
  if (note.length > CONTACT_LIMITS.eventNote.max)
    errors.note =
      `Note must be ${CONTACT_LIMITS.eventNote.max.toLocaleString("en-GB")} characters or fewer ` +
      `(yours has ${note.length.toLocaleString("en-GB")}).`;
  const email = normaliseEmail(cleanText(raw.email));
  const emailError = emailProblem(email, false);
  if (emailError) errors.email = emailError;
  if (Object.keys(errors).length > 0 || !url) return { ok: false, errors };
  return { ok: true, value: { url, note: note === "" ? null : note, email: email === "" ? null : email } };
}

/**
 * A link a person could open: http(s) with a dotted host name, no user name or password in it
 * (`https://ticketyboo.test@evil.example`), and without its fragment. A bare `www.example.com/gig`
 * gets https:// in front, as people paste links without it.
 */
export function eventLink(text: string): string | null {
  if (/\s/.test(text)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  let parsed: URL;
  try {
    parsed = new URL(withScheme);
  } catch {
    return null;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return null;
  if (parsed.username || parsed.password) return null;
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(parsed.hostname)) return null;
  parsed.hash = "";
  const href = parsed.href;
  return href.length <= CONTACT_LIMITS.eventUrl.max ? href : null;
}

function emailProblem(email: string, required: boolean): string | null {
  if (email === "") return required ? "Please enter your email address, so we can reply." : null;
  return isValidEmail(email) ? null : "Please enter a valid email address, like name@example.com.";
}
