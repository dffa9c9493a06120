/**
 * The one error type services throw. `code` is stable (tests and clients rely on it); the HTTP
 * status and the words shown to people are looked up from it in one table (server/errors.ts).
 */
export type AppErrorCode =
  | "bad_request"
  | "validation_failed"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "rate_limited"
  /** The request body is over the size limit: refused before it was read in full. */
  | "too_large"
  /** The payment provider refused or failed (a refund, a payment): nothing of ours changed. */
  | "payment_failed"
  | "internal";

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly details?: Record<string, unknown>;

  constructor(code: AppErrorCode, message?: string, details?: Record<string, unknown>) {
    super(message ?? code);
    this.name = "AppError";
    this.code = code;
    this.details = details;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
