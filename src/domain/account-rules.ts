import { isCommonPassword } from "./common-passwords";

/**
 * Rules for what a person types when they make or secure an account (spec §5). Pure: the web
 * forms, the auth API hooks and the tests all ask the same functions.
 */

/** Spec §5: local part of letters, digits and . _ % + -, an @, a domain, a 2–4 letter top level. */
const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,4}$/i;

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL_PATTERN.test(email) && !email.includes("..");
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordProblem = "too_short" | "too_long" | "too_common";

/**
 * Why a new password would be refused, or null. "Too common" covers the passwords that top every
 * leaked-password list (shipped in common-passwords.ts), compared case-insensitively, because
 * those are the first an attacker tries.
 */
export function passwordProblem(
  password: string,
  context: { email?: string; name?: string } = {},
): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return "too_short";
  if (password.length > PASSWORD_MAX_LENGTH) return "too_long";
  const lower = password.toLowerCase();
  if (isCommonPassword(lower)) return "too_common";
  const local = context.email?.split("@")[0]?.toLowerCase();
  if (local && local.length >= 3 && lower === local) return "too_common";
  if (context.name && lower === context.name.replace(/\s+/g, "").toLowerCase()) return "too_common";
  return null;
}

export type UserType = "buyer" | "host";

export function isUserType(value: unknown): value is UserType {
  return value === "buyer" || value === "host";
}
