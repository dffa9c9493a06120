import { data } from "react-router";
import { AppError, type AppErrorCode } from "~/lib/app-error";
import { answerError, type FieldErrors } from "~/lib/error-table";

/** What every action answers when it refuses: words for the form and for its fields. */
export interface ActionRefusal {
  /** Words for the whole form (with field errors, the first of them: a page that shows no fields still says why). */
  error: string;
  fieldErrors: FieldErrors;
}

/**
 * A page action's refusal, from an AppError (a service's, or `readForm`'s) through the one error
 * table: `data({ error, fieldErrors, ...extra }, { status })`. `extra` is what the page needs to
 * show the form again (what was typed, which row was meant); `words` gives one form's own words
 * for a code. Anything that is not an AppError is thrown on, for the error boundary and the log.
 *
 *   const form = await readForm(request, Form);
 *   if (!form.ok) return actionError(form.error);
 *   try { … } catch (error) { return actionError(error, { extra: { email } }); }
 */
export function actionError<Extra extends object = object>(
  error: unknown,
  options: { extra?: Extra; words?: Partial<Record<AppErrorCode, string>> } = {},
) {
  if (!(error instanceof AppError)) throw error;
  const answer = answerError(error, options.words);
  const refusal: ActionRefusal = { error: answer.message, fieldErrors: answer.fieldErrors };
  return data({ ...(options.extra as Extra), ...refusal }, { status: answer.status });
}

/**
 * The refusal inside an action's answer, for a page that shows its fields' errors:
 * `const { formError, fieldErrors } = refusalOf(actionData)`, then `<TextField error={fieldErrors.email} />`
 * beside each input and `<FormMessage>{formError}</FormMessage>` above, which is null when the
 * fields carry the words.
 */
export function refusalOf(answer: unknown): { formError: string | null; fieldErrors: FieldErrors } {
  if (!answer || typeof answer !== "object") return { formError: null, fieldErrors: {} };
  const { error, fieldErrors = {} } = answer as Partial<ActionRefusal>;
  return { formError: Object.keys(fieldErrors).length > 0 || typeof error !== "string" ? null : error, fieldErrors };
}
