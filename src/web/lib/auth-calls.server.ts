import { APIError } from "better-auth/api";
import type { AppLoadContext } from "react-router";
import { AppError, type AppErrorCode } from "~/lib/app-error";
import { CLIENT_IP_HEADER, ROBOT_CHECK_HEADER } from "~/lib/internal-headers";
import { messages } from "~/texts/messages";

/**
 * Pages call better-auth in-process. These helpers give those calls what an API request would
 * carry: the client's address (for the shared rate limits) and the robot-check solution, and turn
 * better-auth's answers into cookies to forward and words to show.
 */
export function authHeaders(
  request: Request,
  context: AppLoadContext,
  robotSolution?: FormDataEntryValue | null,
): Headers {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, context.clientIp);
  headers.delete(ROBOT_CHECK_HEADER);
  if (typeof robotSolution === "string" && robotSolution !== "") headers.set(ROBOT_CHECK_HEADER, robotSolution);
  return headers;
}

/**
 * Whether a password-reset link's token can still be used: better-auth keeps it until it is used or
 * lapses (an hour). Read through better-auth's own store, so it is found however better-auth keeps
 * it. The page asks before showing its form, so nobody types a new password twice into a link that
 * was already used.
 */
export async function resetTokenIsLive(context: AppLoadContext, token: string, now: Date): Promise<boolean> {
  if (!token) return false;
  const auth = await context.auth.$context;
  const found = await auth.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return Boolean(found && found.expiresAt > now);
}

/** The Set-Cookie lines of a better-auth answer, ready to pass on with a redirect. */
export function cookiesFrom(headers: Headers | null | undefined): Headers {
  const out = new Headers();
  for (const cookie of headers?.getSetCookie() ?? []) out.append("Set-Cookie", cookie);
  return out;
}

export interface AuthFailure {
  status: number;
  code: string;
  message: string;
}

/**
 * A better-auth failure as an AppError, for `actionError`: the status from the one error table
 * (by better-auth's status), the words from `authFailure`, and, when `fieldFor` names one for its
 * code, the field it belongs beside.
 */
export function authError(
  error: unknown,
  options: { fallback?: string; fieldFor?: Partial<Record<string, string>> } = {},
): AppError {
  const failure = authFailure(error, options.fallback);
  const code: AppErrorCode =
    failure.status === 429
      ? "rate_limited"
      : failure.status === 401
        ? "unauthenticated"
        : failure.status === 403
          ? "forbidden"
          : failure.status >= 500
            ? "internal"
            : "validation_failed";
  const field = options.fieldFor?.[failure.code];
  return new AppError(code, failure.message, { authCode: failure.code, ...(field ? { field } : {}) });
}

/** What went wrong, in the words of the spec where better-auth's own words would not do. */
export function authFailure(error: unknown, fallback: string = messages.generic.tryAgain): AuthFailure {
  if (!(error instanceof APIError)) return { status: 500, code: "INTERNAL", message: fallback };
  const body = (error.body ?? {}) as { code?: string; message?: string };
  const code = body.code ?? String(error.status);
  const status = error.statusCode;
  if (status === 429) return { status, code, message: body.message ?? messages.auth.tryAgainLater };
  const known: Record<string, string> = {
    INVALID_EMAIL_OR_PASSWORD: messages.auth.invalidCredentials,
    USER_ALREADY_EXISTS: messages.auth.emailInUse,
    USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: messages.auth.emailInUse,
    INVALID_PASSWORD: messages.auth.oldPasswordIncorrect,
    PASSWORD_TOO_SHORT: messages.auth.passwordTooShort,
    PASSWORD_TOO_LONG: messages.auth.passwordTooLong,
    INVALID_TOKEN: messages.auth.resetLinkInvalid,
  };
  return { status, code, message: known[code] ?? body.message ?? fallback };
}
