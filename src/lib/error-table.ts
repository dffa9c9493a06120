import { messages } from "~/texts/messages";
import { AppError, type AppErrorCode } from "./app-error";

/** The statuses an error can be answered with (every one is a ContentfulStatusCode for Hono). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 500 | 502;

/** One table from error code to HTTP status and the words a person sees when the error has none of its own. */
export const errorTable: Record<AppErrorCode, { status: ErrorStatus; message: string }> = {
  bad_request: { status: 400, message: messages.generic.tryAgain },
  validation_failed: { status: 422, message: messages.generic.tryAgain },
  unauthenticated: { status: 401, message: messages.auth.authenticationError },
  forbidden: { status: 403, message: messages.generic.forbidden },
  not_found: { status: 404, message: messages.generic.notFound },
  conflict: { status: 409, message: messages.generic.tryAgain },
  rate_limited: { status: 429, message: messages.auth.tryAgainLater },
  too_large: { status: 413, message: messages.generic.tooLarge },
  payment_failed: { status: 502, message: messages.buyer.paymentError },
  internal: { status: 500, message: messages.generic.tryAgain },
};

/** Words for one field of a form, keyed by the field's name, fit to show beside its input. */
export type FieldErrors = Record<string, string>;

/** How an error is answered, by a page's action (`actionError`) and by the API (`errorResponse`) alike. */
export interface ErrorAnswer {
  code: AppErrorCode;
  status: ErrorStatus;
  /** The words for the whole form. */
  message: string;
  /** Words for single fields: `details.fields`, or `details.field` with the error's message. */
  fieldErrors: FieldErrors;
  details?: Record<string, unknown>;
}

/**
 * What to tell a person about `error`. The status is always the table's. The words are the
 * error's own when it has them (services write theirs for the person who will read them), else
 * the table's; `words` lets one form say something of its own for a code (a refund that failed
 * on the host's page). Anything that is not an AppError is `internal` and its words stay in the log.
 */
export function answerError(error: unknown, words: Partial<Record<AppErrorCode, string>> = {}): ErrorAnswer {
  const appError = error instanceof AppError ? error : new AppError("internal");
  const { status, message: tableWords } = errorTable[appError.code];
  const ownWords = appError.code !== "internal" && appError.message !== appError.code ? appError.message : null;
  const message = words[appError.code] ?? ownWords ?? tableWords;
  return {
    code: appError.code,
    status,
    message,
    fieldErrors: fieldErrorsOf(appError, message),
    details: appError.details,
  };
}

function fieldErrorsOf(error: AppError, message: string): FieldErrors {
  const fields = error.details?.fields;
  if (fields && typeof fields === "object") {
    return Object.fromEntries(
      Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
    );
  }
  const field = error.details?.field;
  return typeof field === "string" ? { [field]: message } : {};
}
