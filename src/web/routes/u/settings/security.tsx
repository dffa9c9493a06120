import { Download, Laptop, Smartphone } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, redirect, useLocation, useNavigate, useNavigation } from "react-router";
import { z } from "zod";
import { toast } from "~/web/components/ui/toast";
import { isValidEmail, normaliseEmail, passwordProblem } from "~/domain/account-rules";
import { formatEventDateTime } from "~/lib/format";
import { field, readForm } from "~/lib/read-form";
import { SettingsLayout } from "~/web/components/settings-layout";
import { CheckboxField, FormMessage, TextField } from "~/web/components/ui/field";
import { authFailure, authHeaders, cookiesFrom } from "~/web/lib/auth-calls.server";
import { useUnsavedChanges } from "~/web/lib/use-unsaved-changes";
import { messages } from "~/texts/messages";
import { requireUser } from "~/web/lib/signed-in.server";
import type { Route } from "./+types/security";

export const handle = { title: "Security" };
export const meta: Route.MetaFunction = () => [
  { title: "Security · Ticketyboo" },
  { name: "description", content: "Your password, email address and sign-in security on Ticketyboo." },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const headers = authHeaders(request, context);
  const [sessions, current] = await Promise.all([
    context.auth.api.listSessions({ headers }),
    context.auth.api.getSession({ headers }),
  ]);
  return {
    email: user.email,
    emailVerified: user.emailVerified,
    sessions: sessions
      .map((s) => ({
        id: s.id,
        current: s.id === current?.session.id,
        device: describeDevice(s.userAgent ?? ""),
        ipAddress: s.ipAddress ?? null,
        lastActive: new Date(s.updatedAt).toISOString(),
      }))
      .sort((a, b) => Number(b.current) - Number(a.current) || b.lastActive.localeCompare(a.lastActive)),
  };
}

type Result =
  | { intent: "password"; ok: true; message: string }
  | {
      intent: "password";
      ok: false;
      errors: Partial<Record<"currentPassword" | "newPassword" | "confirmPassword", string>>;
      formError?: string;
    }
  | { intent: "email"; ok: true; message: string; newEmail: string }
  | {
      intent: "email";
      ok: false;
      errors: Partial<Record<"newEmail" | "password", string>>;
      newEmail: string;
      formError?: string;
    }
  | { intent: "sessions"; ok: boolean; message: string };

const passwordMessages = {
  too_short: messages.auth.passwordTooShort,
  too_long: messages.auth.passwordTooLong,
  too_common: messages.auth.passwordTooCommon,
} as const;

/**
 * The page's three forms (password, email, other devices), told apart by `intent`; the rules are better-auth's and
 * account-rules'.
 */
const SecurityForm = z.object({
  intent: field.text(),
  currentPassword: field.text(),
  newPassword: field.text(),
  confirmPassword: field.text(),
  signOutOthers: field.checkbox(),
  newEmail: field.text(),
  password: field.text(),
});

export async function action({ request, context }: Route.ActionArgs): Promise<Result | Response> {
  const user = requireUser(context, request);
  const read = await readForm(request, SecurityForm);
  // Every field is text, so only a post no page of ours sends (too large, a field twice) lands here.
  if (!read.ok) return { intent: "sessions", ok: false, message: read.error.message };
  const form = read.data;
  const text = (name: Exclude<keyof typeof form, "signOutOthers">) => form[name];
  const headers = authHeaders(request, context);
  const intent = text("intent");

  if (intent === "password") {
    const currentPassword = text("currentPassword");
    const newPassword = text("newPassword");
    const problem = passwordProblem(newPassword, { email: user.email, name: user.name });
    if (!currentPassword) return { intent, ok: false, errors: { currentPassword: messages.auth.oldPasswordIncorrect } };
    if (problem) return { intent, ok: false, errors: { newPassword: passwordMessages[problem] } };
    if (newPassword !== text("confirmPassword"))
      return { intent, ok: false, errors: { confirmPassword: messages.auth.passwordsDoNotMatch } };
    try {
      const result = await context.auth.api.changePassword({
        body: { currentPassword, newPassword, revokeOtherSessions: form.signOutOthers },
        headers,
        returnHeaders: true,
      });
      // Signing out elsewhere issues this device a fresh session cookie: pass it on.
      const cookies = cookiesFrom(result.headers);
      if ([...cookies.keys()].length > 0) {
        throw redirect("/u/settings/security?changed=password", { headers: cookies });
      }
      return { intent, ok: true, message: messages.auth.passwordChanged };
    } catch (error) {
      if (error instanceof Response) throw error;
      const failure = authFailure(error);
      if (failure.code === "INVALID_PASSWORD")
        return { intent, ok: false, errors: { currentPassword: messages.auth.oldPasswordIncorrect } };
      if (failure.code.startsWith("PASSWORD_")) return { intent, ok: false, errors: { newPassword: failure.message } };
      return { intent, ok: false, errors: {}, formError: failure.message };
    }
  }

  if (intent === "email") {
    const newEmail = normaliseEmail(text("newEmail"));
    if (!isValidEmail(newEmail))
      return { intent, ok: false, newEmail, errors: { newEmail: messages.auth.invalidEmail } };
    if (newEmail === user.email) return { intent, ok: false, newEmail, errors: { newEmail: messages.auth.sameEmail } };
    const password = text("password");
    if (!password) return { intent, ok: false, newEmail, errors: { password: messages.auth.incorrectPassword } };
    try {
      // Changing where the account's mail goes is as sensitive as the password: better-auth's hook
      // checks it (throttled) on this route as on the JSON API.
      const body = { newEmail, password, callbackURL: "/email-verified" };
      await context.auth.api.changeEmail({ body, headers });
    } catch (error) {
      const failure = authFailure(error);
      if (failure.code === "INVALID_PASSWORD")
        return { intent, ok: false, newEmail, errors: { password: messages.auth.incorrectPassword } };
      return {
        intent,
        ok: false,
        newEmail,
        errors: failure.code === "INVALID_EMAIL" ? { newEmail: failure.message } : {},
        formError: failure.message,
      };
    }
    return {
      intent,
      ok: true,
      newEmail,
      message:
        `We've sent a link to ${newEmail}. Your email changes to it once you click the link (within 24 ` +
        `hours); we'll then tell ${user.email}, with a way to undo it.`,
    };
  }

  if (intent === "sessions") {
    try {
      await context.auth.api.revokeOtherSessions({ headers });
      return { intent, ok: true, message: "Signed out of every other device." };
    } catch (error) {
      return { intent, ok: false, message: authFailure(error).message };
    }
  }
  return { intent: "sessions", ok: false, message: messages.generic.tryAgain };
}

export default function Security({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const passwordForm = useRef<HTMLFormElement>(null);
  const emailForm = useRef<HTMLFormElement>(null);
  useUnsavedChanges(passwordForm, emailForm);

  const password = actionData?.intent === "password" ? actionData : null;
  const email = actionData?.intent === "email" ? actionData : null;
  const sessions = actionData?.intent === "sessions" ? actionData : null;

  useEffect(() => {
    if (password?.ok) {
      toast.success(password.message);
      passwordForm.current?.reset();
    }
    if (sessions) (sessions.ok ? toast.success : toast.error)(sessions.message);
  }, [password, sessions]);
  // Logging out other devices gives this one a fresh cookie, so that success arrives as a redirect
  // back here with a marker: say so, clear the form, and drop the marker so a reload stays quiet.
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (new URLSearchParams(location.search).get("changed") !== "password") return;
    toast.success(messages.auth.passwordChanged);
    passwordForm.current?.reset();
    void navigate(".", { replace: true, preventScrollReset: true });
  }, [location.key, location.search, navigate]);

  const others = loaderData.sessions.filter((s) => !s.current).length;

  return (
    <SettingsLayout title="Security" description="Your password, your email address and where you're logged in.">
      <div className="space-y-6">
        <section aria-labelledby="password-heading" className="card p-5 tablet:p-6">
          <h2 id="password-heading" className="text-lg font-bold">
            Change password
          </h2>
          <Form
            ref={passwordForm}
            method="post"
            aria-labelledby="password-heading"
            className="mt-4 max-w-md space-y-4"
            noValidate
          >
            <input type="hidden" name="intent" value="password" />
            <FormMessage>{password && !password.ok ? password.formError : null}</FormMessage>
            <TextField
              label="Current password"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
              error={password && !password.ok ? password.errors.currentPassword : null}
            />
            <TextField
              label="New password"
              name="newPassword"
              type="password"
              autoComplete="new-password"
              required
              hint="At least 6 characters."
              error={password && !password.ok ? password.errors.newPassword : null}
            />
            <TextField
              label="Confirm new password"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              required
              error={password && !password.ok ? password.errors.confirmPassword : null}
            />
            <CheckboxField name="signOutOthers" label="Also log out of my other devices" defaultChecked />
            <button type="submit" className="btn-primary" disabled={busyIntent === "password"}>
              {busyIntent === "password" ? "Saving…" : "Change password"}
            </button>
          </Form>
        </section>

        <section aria-labelledby="email-heading" className="card p-5 tablet:p-6">
          <h2 id="email-heading" className="text-lg font-bold">
            Email address
          </h2>
          <p className="mt-1 text-sm text-fg-muted">
            Currently <strong className="text-fg">{loaderData.email}</strong>
            {loaderData.emailVerified ? " (verified)" : " (not verified yet)"}. Tickets and receipts go here.
          </p>
          {email?.ok ? (
            <div className="mt-4 max-w-md">
              <FormMessage tone="success">{email.message}</FormMessage>
            </div>
          ) : (
            <Form
              ref={emailForm}
              method="post"
              aria-labelledby="email-heading"
              className="mt-4 max-w-md space-y-4"
              noValidate
            >
              <input type="hidden" name="intent" value="email" />
              <FormMessage>{email && !email.ok ? email.formError : null}</FormMessage>
              <TextField
                label="New email"
                name="newEmail"
                type="email"
                autoComplete="email"
                required
                defaultValue={email?.newEmail}
                error={email && !email.ok ? email.errors.newEmail : null}
              />
              <TextField
                label="Your password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                hint="To check it's really you."
                error={email && !email.ok ? email.errors.password : null}
              />
              <button type="submit" className="btn-primary" disabled={busyIntent === "email"}>
                {busyIntent === "email" ? "Sending link…" : "Change email"}
              </button>
            </Form>
          )}
        </section>

        <section aria-labelledby="sessions-heading" className="card p-5 tablet:p-6">
          <h2 id="sessions-heading" className="text-lg font-bold">
            Where you're logged in
          </h2>
          <ul className="mt-4 divide-y divide-border">
            {loaderData.sessions.map((s) => (
              <li key={s.id} className="flex items-center gap-3 py-3">
                {s.device.mobile ? (
                  <Smartphone aria-hidden className="size-5 text-fg-muted" />
                ) : (
                  <Laptop aria-hidden className="size-5 text-fg-muted" />
                )}
                <div className="min-w-0 flex-1 text-sm">
                  <p className="font-medium">
                    {s.device.label}
                    {s.current ? (
                      <span className="ml-2 rounded-full bg-brand-soft px-2 py-0.5 text-xs font-semibold text-brand">
                        This device
                      </span>
                    ) : null}
                  </p>
                  <p className="text-fg-muted">
                    Last active {formatEventDateTime(new Date(s.lastActive))}
                    {s.ipAddress ? ` · ${s.ipAddress}` : ""}
                  </p>
                </div>
              </li>
            ))}
          </ul>
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="sessions" />
            <button type="submit" className="btn-secondary" disabled={others === 0 || busyIntent === "sessions"}>
              Log out other devices{others > 0 ? ` (${others})` : ""}
            </button>
          </Form>
        </section>

        <section aria-labelledby="data-heading" className="card p-5 tablet:p-6">
          <h2 id="data-heading" className="text-lg font-bold">
            Your data
          </h2>
          <p className="mt-1 max-w-xl text-sm text-fg-muted">
            Download everything we hold about your account as a JSON file: your profile, preferences, sessions,
            messages, notifications, orders, tickets and waitlists.
          </p>
          <a href="/u/settings/download-data" className="btn-secondary mt-4" download>
            <Download aria-hidden className="size-4" /> Download my data
          </a>
        </section>
      </div>
    </SettingsLayout>
  );
}

/** A short, human name for a browser from its user agent ("Chrome on Android"). */
function describeDevice(ua: string): { label: string; mobile: boolean } {
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /Chrome\/|Chromium\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : "A browser";
  const os = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad|iPod/.test(ua)
      ? "iOS"
      : /Mac OS X/.test(ua)
        ? "macOS"
        : /Windows/.test(ua)
          ? "Windows"
          : /Linux/.test(ua)
            ? "Linux"
            : "";
  return { label: os ? `${browser} on ${os}` : browser, mobile: /Android|iPhone|iPad|iPod|Mobile/.test(ua) };
}
