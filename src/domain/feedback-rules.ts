/**
 * What a person may send us from the feedback and customer-support forms. Pure, so the forms
 * (limits on the fields), the service (the real check) and the tests share one set of rules.
 */

export const FEEDBACK_TOPICS = [
  { id: "finding-events", label: "Finding events" },
  { id: "booking", label: "Booking and paying" },
  { id: "tickets", label: "My tickets" },
  { id: "hosting", label: "Hosting events" },
  // Spec §3's bug reports: stored as one (kind "bug"), with the page it happened on when known.
  { id: "bug", label: "Something isn't working (a bug)" },
  { id: "other", label: "Something else" },
] as const;
export type FeedbackTopic = (typeof FEEDBACK_TOPICS)[number]["id"];

export const LIMITS = {
  feedbackMessage: { min: 3, max: 2000 },
  supportSubject: { min: 3, max: 120 },
  supportMessage: { min: 10, max: 5000 },
  orderReference: { max: 40 },
  /** The page a bug report is about: a path on this site. */
  page: { max: 300 },
} as const;

export interface FeedbackInput {
  message: string;
  topic: FeedbackTopic | null;
  /** For a bug: the page it happened on (a path of this site), if the report came from one. */
  page: string | null;
}

/** A page of this site named by its path ('/events/folk-night?x=1'), or null for anything else. */
export function sitePath(raw: unknown): string | null {
  const text = typeof raw === "string" ? raw.trim() : "";
  if (!text.startsWith("/") || text.startsWith("//") || text.length > LIMITS.page.max) return null;
  return /^[\x21-\x7e]+$/.test(text) ? text : null;
}

export interface SupportInput {
  subject: string;
  message: string;
  orderReference: string | null;
}

export type Checked<T, F extends string> = { ok: true; value: T } | { ok: false; errors: Partial<Record<F, string>> };

export function checkFeedback(raw: {
  message?: unknown;
  topic?: unknown;
  page?: unknown;
}): Checked<FeedbackInput, "message" | "topic"> {
  const errors: Partial<Record<"message" | "topic", string>> = {};
  const message = cleanText(raw.message);
  const messageError = lengthProblem("Message", message, LIMITS.feedbackMessage);
  if (messageError) errors.message = messageError;
  const topicText = cleanText(raw.topic);
  const topic = topicText === "" ? null : (FEEDBACK_TOPICS.find((t) => t.id === topicText)?.id ?? undefined);
  if (topic === undefined) errors.topic = "Please choose a topic from the list.";
  if (Object.keys(errors).length > 0 || topic === undefined) return { ok: false, errors };
  // A page that isn't one of ours is left out rather than refused: it only ever came from the address.
  return { ok: true, value: { message, topic, page: topic === "bug" ? sitePath(raw.page) : null } };
}

export function checkSupportRequest(raw: {
  subject?: unknown;
  message?: unknown;
  orderReference?: unknown;
}): Checked<SupportInput, "subject" | "message" | "orderReference"> {
  const errors: Partial<Record<"subject" | "message" | "orderReference", string>> = {};
  // A subject is one line: collapse whatever whitespace was pasted into it.
  const subject = cleanText(raw.subject).replace(/\s+/g, " ");
  const message = cleanText(raw.message);
  const orderReference = cleanText(raw.orderReference).replace(/^#/, "");
  const subjectError = lengthProblem("Subject", subject, LIMITS.supportSubject);
  if (subjectError) errors.subject = subjectError;
  const messageError = lengthProblem("Message", message, LIMITS.supportMessage);
  if (messageError) errors.message = messageError;
  if (orderReference.length > LIMITS.orderReference.max) {
    errors.orderReference = `Order reference must be ${LIMITS.orderReference.max} characters or fewer.`;
  } else if (orderReference !== "" && !/^[A-Za-z0-9-]+$/.test(orderReference)) {
    errors.orderReference = "Order reference can only contain letters, numbers and hyphens.";
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: { subject, message, orderReference: orderReference === "" ? null : orderReference.toUpperCase() },
  };
}

/**
 * Trimmed text with Windows line endings made plain: browsers send a textarea's newlines as CRLF
 * but count them as one character against maxlength, so we count the way the person saw it.
 * Control characters other than newline and tab are dropped.
 */
export function cleanText(value: unknown): string {
  if (typeof value !== "string") return "";
  return (
    value
      .replace(/\r\n?/g, "\n")
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, "")
      .trim()
  );
}

function lengthProblem(field: string, value: string, limit: { min: number; max: number }): string | null {
  if (value === "") return `Please enter a ${field.toLowerCase()}.`;
  if (value.length < limit.min) return `${field} needs at least ${limit.min} characters.`;
  if (value.length > limit.max)
    return (
      `${field} must be ${limit.max.toLocaleString("en-GB")} characters or fewer (yours has ` +
      `${value.length.toLocaleString("en-GB")}).`
    );
  return null;
}
