/**
 * Every endpoint better-auth mounts under /api/auth, and what we allow of it. Anything not listed
 * here (including whatever a future better-auth adds) answers 404, through our own `hooks.before`,
 * for HTTP requests and in-process `auth.api.*` calls alike. `auth.server.test.ts` checks this list
 * against the endpoints better-auth actually has.
 *
 * - open: harmless as better-auth has it.
 * - guarded: our hook adds rules (robot check, throttles, password, field rules).
 * - refused: not part of Ticketyboo; 404.
 */
export type EndpointPolicy = "open" | "guarded" | "refused";

export const AUTH_ENDPOINT_POLICY: Readonly<Record<string, { policy: EndpointPolicy; why: string }>> = {
  "/sign-up/email": {
    policy: "guarded",
    why:
      "robot check, per-address limit, email, names and password rules; the terms agreed to (when and which are " +
      "recorded); role set from the sign-up choice only; no image; the answer carries no session token",
  },
  "/sign-in/email": {
    policy: "guarded",
    why:
      "wrong passwords throttled per address, per account and address, and per account (robot check past it); the " +
      "answer carries no session token (the cookie does)",
  },
  "/sign-out": { policy: "open", why: "ends the caller's own session" },
  "/get-session": { policy: "guarded", why: "reads the caller's own session, without its token" },
  "/request-password-reset": {
    policy: "guarded",
    why: "robot check, limits per address and per account; same answer for unknown emails",
  },
  "/reset-password": { policy: "guarded", why: "per-address limit and the password rules; the token is single-use" },
  "/send-verification-email": { policy: "guarded", why: "one email per address every 5 minutes" },
  "/verify-email": {
    policy: "guarded",
    why: "change-of-email links voided by an undo are refused; a completed change tells the old address",
  },
  "/change-email": { policy: "guarded", why: "needs the current password (throttled) and a valid, rested new address" },
  "/change-password": {
    policy: "guarded",
    why: "current password checked, throttled per account and address; password rules",
  },
  "/update-user": {
    policy: "guarded",
    why: "first and last name only, with the profile form's rules; the display name follows them",
  },
  "/list-sessions": {
    policy: "guarded",
    why: "the caller's own sessions (Security page), without their tokens, which page scripts must never read",
  },
  "/revoke-other-sessions": { policy: "open", why: 'the Security page\'s "Log out other devices"' },
  "/revoke-session": { policy: "open", why: "ends one of the caller's own sessions, found by its token" },
  "/revoke-sessions": { policy: "open", why: "ends all of the caller's own sessions, like logging out everywhere" },
  "/ok": { policy: "open", why: "health answer" },
  "/error": { policy: "open", why: "better-auth's error page" },

  "/delete-user": {
    policy: "refused",
    why:
      "accounts are deleted by /u/delete-account, which checks the password (throttled), the role and events, and " +
      "erases properly",
  },
  "/delete-user/callback": { policy: "refused", why: "as /delete-user" },
  "/update-session": { policy: "refused", why: "no session field is anyone's to write" },
  "/verify-password": { policy: "refused", why: "a password oracle our forms never use" },
  "/reset-password/:token": { policy: "refused", why: "our reset email links straight to our own page" },
  "/sign-in/social": { policy: "refused", why: "no social sign-in" },
  "/callback/:id": { policy: "refused", why: "no social sign-in" },
  "/link-social": { policy: "refused", why: "no social sign-in" },
  "/list-accounts": { policy: "refused", why: "no linked accounts" },
  "/unlink-account": { policy: "refused", why: "no linked accounts" },
  "/refresh-token": { policy: "refused", why: "no social providers" },
  "/get-access-token": { policy: "refused", why: "no social providers" },
  "/account-info": { policy: "refused", why: "no social providers" },
};

/** Whether our hook lets this better-auth path through at all. */
export function isAllowedAuthPath(path: string): boolean {
  const entry = Object.hasOwn(AUTH_ENDPOINT_POLICY, path) ? AUTH_ENDPOINT_POLICY[path] : undefined;
  return entry !== undefined && entry.policy !== "refused";
}
