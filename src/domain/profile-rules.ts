/**
 * What a person may write on their profile (spec §3 User, §5 validation). Pure: the settings form,
 * the username check and the profile service all ask these functions, so they never disagree.
 */

export const NAME_MAX_LENGTH = 50;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const BIO_MAX_LENGTH = 500;
export const HOST_TITLE_MAX_LENGTH = 80;
export const PHONE_MIN_DIGITS = 10;
export const PHONE_MAX_DIGITS = 15;

/** Spec §5: only lowercase letters, digits, underscore and hyphen. */
const USERNAME_PATTERN = /^[a-z0-9_-]+$/;

/**
 * A host's booking page lives at /{username} (spec §2), beside the site's own top-level pages, so a
 * username may not be one of those paths (now or planned), nor a name that looks official.
 * `src/web/routes.test.ts` checks that every first path segment of the app is in this list; a new
 * top-level route adds its name here first. Names already taken stay with their owners, but their
 * page would be shadowed, so add names before the route ships.
 */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  "404",
  "__manifest",
  "about",
  "account",
  "accounts",
  "admin",
  "api",
  "app",
  "assets",
  "auth",
  "blog",
  "blogs",
  "careers",
  "case-studies",
  "checkout",
  "contact",
  "dashboard",
  "dev",
  "email",
  "email-verified",
  "embed",
  "events",
  "explore",
  "faqs",
  "feed",
  "feeds",
  "for-guests",
  "forgot-password",
  "get-the-app",
  "grid-overlay",
  "guides",
  "h",
  "help",
  "host",
  "hosting",
  "hosts",
  "img",
  "investors",
  "legal",
  "log-in",
  "log-out",
  "login",
  "logout",
  "media",
  "news-center",
  "null",
  "onboarding",
  "orders",
  "partner",
  "partners",
  "pay",
  "pricing",
  "reset-password",
  "root",
  "search",
  "security",
  "settings",
  "sign-in",
  "sign-up",
  "signup",
  "signage",
  "site-map",
  "sitemap",
  "staff",
  "static",
  "studio",
  "submit-an-event",
  "support",
  "t",
  "team",
  "ticketyboo",
  "tickets",
  "u",
  "undefined",
  "user",
  "users",
  "widget",
  "widgets",
  "www",
]);

export type ProfileField = "firstName" | "lastName" | "username" | "phone" | "bio" | "hostTitle";

export type ProfileProblem =
  | { field: "firstName" | "lastName"; problem: "required" | "too_long" | "invalid" }
  | { field: "username"; problem: "required" | "too_short" | "too_long" | "invalid_characters" | "reserved" }
  | { field: "phone"; problem: "invalid" }
  | { field: "bio"; problem: "too_long" }
  | { field: "hostTitle"; problem: "required" | "too_long" | "invalid" };

/** What the form sends: every field as typed (absent fields as empty strings). */
export interface ProfileInput {
  firstName: string;
  lastName: string;
  username: string;
  phone: string;
  bio: string;
  hostTitle: string;
}

/** The same fields, cleaned up for storage; optional fields left empty become null. */
export interface ProfileValues {
  firstName: string;
  lastName: string;
  username: string | null;
  phone: string | null;
  bio: string | null;
  /** Only hosts have a host name; for buyers it is left as it is. */
  hostTitle?: string;
}

/** Length as people count it: an emoji or an accented letter is one character. */
export function characterCount(text: string): number {
  return [...text].length;
}

/** Trimmed, lower-cased, without a leading "@" (people paste handles). */
export function normaliseUsername(raw: string): string {
  return raw.trim().replace(/^@/, "").toLowerCase();
}

/** Browsers send textarea line breaks as CRLF; count and store them as one character each. */
export function normaliseBio(raw: string): string {
  return raw.replace(/\r\n?/g, "\n").trim();
}

/** Single spaces, no padding: "  07700   900123 " → "07700 900123". */
export function normalisePhone(raw: string): string {
  return raw.trim().replace(/\s+/g, " ");
}

/** Single spaces, no padding: how first, last and host names are stored. */
export function normaliseName(raw: string): string {
  return raw.trim().replace(/\s+/g, " ");
}

// Control characters and angle brackets have no place in a name shown to others.
const UNSAFE_NAME = /[\p{Cc}\p{Cf}<>]/u;

// A web address or a domain ("evil.example", "www.x", "https://"): never part of a person's name.
const LINK_LIKE = /:\/\/|www\.|[\p{L}\p{N}-]\.[\p{L}]{2,}/iu;

/** Whether a name holds a web address or a domain: not one to put in an email we send to someone else. */
export function looksLikeALink(name: string): boolean {
  return LINK_LIKE.test(name);
}

/**
 * Why a first or last name (already normalised) would be refused, or null: the profile form's rule, wherever a name is
 * written.
 */
export function personNameProblem(name: string): "required" | "too_long" | "invalid" | null {
  if (name === "") return "required";
  if (characterCount(name) > NAME_MAX_LENGTH) return "too_long";
  if (UNSAFE_NAME.test(name)) return "invalid";
  return null;
}

export function usernameProblem(username: string): Extract<ProfileProblem, { field: "username" }>["problem"] | null {
  if (username === "") return "required";
  if (!USERNAME_PATTERN.test(username)) return "invalid_characters";
  if (username.length < USERNAME_MIN_LENGTH) return "too_short";
  if (username.length > USERNAME_MAX_LENGTH) return "too_long";
  if (RESERVED_USERNAMES.has(username)) return "reserved";
  return null;
}

/**
 * UK-style numbers as people write them: digits, spaces, an optional leading "+", and the brackets
 * and hyphens of "(020) 7946-0958"; 10 to 15 digits in all.
 */
export function isValidPhone(phone: string): boolean {
  if (!/^\+?[0-9 ()-]+$/.test(phone)) return false;
  const digits = phone.replace(/\D/g, "").length;
  return digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS;
}

/**
 * Checks the whole form at once, so a person sees every problem together. Returns the cleaned
 * values, or the problems by field (the first problem of each field).
 */
export function validateProfile(
  input: ProfileInput,
  opts: { isHost: boolean },
): { ok: true; values: ProfileValues } | { ok: false; problems: ProfileProblem[] } {
  const problems: ProfileProblem[] = [];
  const firstName = normaliseName(input.firstName);
  const lastName = normaliseName(input.lastName);
  const username = normaliseUsername(input.username);
  const phone = normalisePhone(input.phone);
  const bio = normaliseBio(input.bio);
  const hostTitle = normaliseName(input.hostTitle);

  for (const [field, value] of [
    ["firstName", firstName],
    ["lastName", lastName],
  ] as const) {
    const problem = personNameProblem(value);
    if (problem) problems.push({ field, problem });
  }

  // A host's booking page needs a username; a buyer may go without one.
  if (username !== "" || opts.isHost) {
    const problem = usernameProblem(username);
    if (problem) problems.push({ field: "username", problem });
  }

  if (phone !== "" && !isValidPhone(phone)) problems.push({ field: "phone", problem: "invalid" });
  if (characterCount(bio) > BIO_MAX_LENGTH) problems.push({ field: "bio", problem: "too_long" });

  if (opts.isHost) {
    const problem = hostTitleProblem(hostTitle);
    if (problem) problems.push({ field: "hostTitle", problem });
  }

  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    values: {
      firstName,
      lastName,
      username: username === "" ? null : username,
      phone: phone === "" ? null : phone,
      bio: bio === "" ? null : bio,
      ...(opts.isHost ? { hostTitle } : {}),
    },
  };
}

export type HostOnboardingField = "hostTitle" | "username" | "bio";
export type HostOnboardingProblem = Extract<ProfileProblem, { field: HostOnboardingField }>;

/** What the onboarding form sends: the host name, the username of their booking page and a short bio. */
export interface HostOnboardingInput {
  hostTitle: string;
  username: string;
  bio: string;
}

/** A host name (already normalised): required, at most 80 characters, nothing unsafe to show. */
export function hostTitleProblem(hostTitle: string): "required" | "too_long" | "invalid" | null {
  if (hostTitle === "") return "required";
  if (characterCount(hostTitle) > HOST_TITLE_MAX_LENGTH) return "too_long";
  if (UNSAFE_NAME.test(hostTitle)) return "invalid";
  return null;
}

/**
 * Becoming a host (/h/onboarding): a host name and a username are required, the bio is optional.
 * The same rules as the profile form, so the two never disagree; every problem at once.
 */
export function validateHostOnboarding(
  input: HostOnboardingInput,
):
  | { ok: true; values: { hostTitle: string; username: string; bio: string | null } }
  | { ok: false; problems: HostOnboardingProblem[] } {
  const hostTitle = normaliseName(input.hostTitle);
  const username = normaliseUsername(input.username);
  const bio = normaliseBio(input.bio);
  const problems: HostOnboardingProblem[] = [];
  const titleProblem = hostTitleProblem(hostTitle);
  if (titleProblem) problems.push({ field: "hostTitle", problem: titleProblem });
  const nameProblem = usernameProblem(username);
  if (nameProblem) problems.push({ field: "username", problem: nameProblem });
  if (characterCount(bio) > BIO_MAX_LENGTH) problems.push({ field: "bio", problem: "too_long" });
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, values: { hostTitle, username, bio: bio === "" ? null : bio } };
}
