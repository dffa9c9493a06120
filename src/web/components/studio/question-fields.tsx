import {
  QUESTION_LABEL_MAX,
  QUESTION_OPTIONS_MAX,
  QUESTION_OPTIONS_MIN,
  type EventQuestion,
} from "~/domain/event-questions";
import type { FieldErrors } from "~/lib/error-table";
import { CheckboxField, TextAreaField, TextField } from "~/web/components/ui/field";

export type QuestionValues = Record<string, string>;

export const NEW_QUESTION: QuestionValues = { label: "", kind: "text", required: "", options: "" };

/** A saved question as the form shows it for editing: a choice's options one on each line. */
export function questionValues(q: EventQuestion): QuestionValues {
  return { label: q.label, kind: q.kind, required: q.required ? "on" : "", options: (q.options ?? []).join("\n") };
}

const radio = "size-5 shrink-0 accent-[var(--brand-strong)]";

/** A checkout question's fields: its words, a short answer or a choice of options, and whether it must be answered. */
export function QuestionFields({ values, errors }: { values: QuestionValues; errors: FieldErrors }) {
  const kind = values.kind === "choice" ? "choice" : "text";
  return (
    <div className="flex flex-col gap-4">
      <TextField
        label="Question"
        name="label"
        required
        maxLength={QUESTION_LABEL_MAX}
        defaultValue={values.label}
        error={errors.label}
        hint="For example: Any access needs we should know about?"
      />
      <fieldset className="min-w-0">
        <legend className="text-sm font-medium">Answer</legend>
        <div className="mt-1 flex flex-wrap gap-x-5 gap-y-2">
          <label className="flex min-h-10 items-center gap-2 text-sm">
            <input type="radio" name="kind" value="text" defaultChecked={kind === "text"} className={radio} />A short
            answer in their words
          </label>
          <label className="flex min-h-10 items-center gap-2 text-sm">
            <input type="radio" name="kind" value="choice" defaultChecked={kind === "choice"} className={radio} />
            One of the options below
          </label>
        </div>
      </fieldset>
      <TextAreaField
        label="Options"
        aside="(for a choice)"
        name="options"
        rows={4}
        defaultValue={values.options}
        error={errors.options}
        hint={`From ${QUESTION_OPTIONS_MIN} to ${QUESTION_OPTIONS_MAX}, one on each line.`}
      />
      <CheckboxField label="Buyers must answer it" name="required" defaultChecked={values.required === "on"} />
    </div>
  );
}
