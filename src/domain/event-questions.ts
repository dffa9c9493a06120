import { z } from "zod";
import { field } from "~/lib/read-form";
import { studioTicketMessages } from "~/texts/studio-ticket-messages";

/**
 * An event's survey: the questions its host asks each buyer at checkout. Answers are kept with the
 * order, by question id, together with the questions as they read then, so a question edited or
 * removed later never changes what an order shows. Pure.
 */
export interface EventQuestion {
  id: string;
  label: string;
  required: boolean;
  /** A short answer, or one of the given options. */
  kind: "text" | "choice";
  options?: string[];
}

export const QUESTIONS_MAX = 10;
export const QUESTION_LABEL_MAX = 200;
export const QUESTION_OPTIONS_MIN = 2;
export const QUESTION_OPTIONS_MAX = 20;
export const QUESTION_OPTION_MAX = 100;

/** A question as the host gives it (the service gives it its id). */
export interface QuestionDraft {
  label: string;
  kind: "text" | "choice";
  required: boolean;
  /** For a choice; ignored for a short answer. */
  options: string[];
}

export type QuestionField = "label" | "options";

/** The options of a choice as typed, one on each line; blank lines left out. */
export function optionsFromText(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((o) => o.trim())
    .filter(Boolean);
}

/**
 * Everything wrong with a question, by field: its words (1 to 200 characters, not another
 * question's of the event), and a choice's options (2 to 20, each at most 100 characters, none twice).
 * `others` are the event's other questions.
 */
export function questionProblems(
  d: QuestionDraft,
  others: readonly Pick<EventQuestion, "label">[],
): Partial<Record<QuestionField, string>> {
  const s = studioTicketMessages.survey;
  const problems: Partial<Record<QuestionField, string>> = {};
  const label = d.label.trim();
  if (!label) problems.label = s.labelRequired;
  else if (label.length > QUESTION_LABEL_MAX) problems.label = s.labelTooLong(QUESTION_LABEL_MAX);
  else if (others.some((o) => o.label.trim().toLowerCase() === label.toLowerCase())) problems.label = s.labelTaken;
  if (d.kind === "choice") {
    if (d.options.length < QUESTION_OPTIONS_MIN || d.options.length > QUESTION_OPTIONS_MAX)
      problems.options = s.optionsRange(QUESTION_OPTIONS_MIN, QUESTION_OPTIONS_MAX);
    else if (d.options.some((o) => o.length > QUESTION_OPTION_MAX))
      problems.options = s.optionTooLong(QUESTION_OPTION_MAX);
    else if (new Set(d.options.map((o) => o.toLowerCase())).size !== d.options.length)
      problems.options = s.optionsRepeated;
  }
  return problems;
}

/** Whether the event may ask one more question (at most 10). */
export function questionCountAllows(current: number): { ok: true } | { ok: false; message: string } {
  return current < QUESTIONS_MAX
    ? { ok: true }
    : { ok: false, message: studioTicketMessages.survey.maximum(QUESTIONS_MAX) };
}

/** The question as stored: trimmed, and options only on a choice. */
export function questionFrom(id: string, d: QuestionDraft): EventQuestion {
  const label = d.label.trim();
  return d.kind === "choice"
    ? { id, label, required: d.required, kind: "choice", options: d.options.map((o) => o.trim()) }
    : { id, label, required: d.required, kind: "text" };
}

/**
 * The questions an order keeps: those answered, as they read when the buyer answered them (or,
 * for an answer without them, as the event asks them now).
 */
export function answeredQuestions(
  asked: readonly EventQuestion[],
  answers: Readonly<Record<string, string>>,
): EventQuestion[] {
  return asked.filter((q) => Boolean(answers[q.id]));
}

/** The survey's question form as the browser sends it: the words, the kind, required or not, a choice's options. */
export const QuestionForm = z.object({
  label: field.text(2000),
  kind: z.enum(["text", "choice"]).default("text"),
  required: field.checkbox(),
  options: field.text(20_000),
});

export type QuestionFormText = z.output<typeof QuestionForm>;

/** The question as given (the service judges it against the event's other questions). */
export function questionDraftFrom(form: QuestionFormText): QuestionDraft {
  return {
    label: form.label.trim(),
    kind: form.kind,
    required: form.required,
    options: form.kind === "choice" ? optionsFromText(form.options) : [],
  };
}

/** The form's text as the page shows it again after a refusal. */
export const typedQuestion = (form: QuestionFormText): Record<string, string> => ({
  ...form,
  required: form.required ? "on" : "",
});
