import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { AppError, type AppErrorCode } from "~/lib/app-error";
import { messages } from "~/texts/messages";

/** One table from error code to HTTP status and the text a person sees. */
export const errorTable: Record<AppErrorCode, { status: ContentfulStatusCode; message: string }> = {
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

/**
 * The JSON answer for an error: `{ error: { code, message, details, requestId } }`. The message is the
 * table's for the code, except for bad input, which says what is wrong; `ownWords` passes on every
 * AppError's own message, for routes whose services write theirs for the person (the checkout's).
 */
export function errorResponse(c: Context, error: unknown, options: { ownWords?: boolean } = {}) {
  const appError = error instanceof AppError ? error : new AppError("internal");
  const { status, message } = errorTable[appError.code];
  const ownWords = error instanceof AppError && (options.ownWords || appError.code === "validation_failed" || appError.code === "bad_request");
  return c.json(
    {
      error: {
        code: appError.code,
        message: ownWords && appError.message !== appError.code ? appError.message : message,
        details: appError.details,
        requestId: c.get("requestId"),
      },
    },
    status,
  );
}
