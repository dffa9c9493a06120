import { Form, Link, redirect, redirectDocument, useNavigation, useSearchParams } from "react-router";
import { z } from "zod";
import { normaliseEmail } from "~/domain/account-rules";
import { field, readForm } from "~/lib/read-form";
import { safeRedirect } from "~/lib/safe-redirect";
import { AuthCard } from "~/web/components/auth-card";
import { RobotCheck } from "~/web/components/robot-check";
import { FormMessage, TextField } from "~/web/components/ui/field";
import { actionError } from "~/web/lib/action-error";
import { authFailure, authHeaders, cookiesFrom } from "~/web/lib/auth-calls.server";
import { setFlash } from "~/web/lib/flash.server";
import { messages } from "~/texts/messages";
import type { Route } from "./+types/log-in";

export const handle = { title: "Log in" };
export const meta: Route.MetaFunction = () => [
  { title: "Log in · Ticketyboo" },
  {
    name: "description",
    content: "Log in to Ticketyboo to see your tickets, book in seconds and run your events in Partner Studio.",
  },
];

const LogInForm = z.object({
  email: field.text().transform(normaliseEmail),
  password: field.text(),
  remember: field.text(),
  altcha: z.string().optional(),
  robotShown: field.text(),
});

export async function action({ request, context }: Route.ActionArgs) {
  const read = await readForm(request, LogInForm);
  if (!read.ok) return actionError(read.error, { extra: { email: read.values.email ?? "", robot: false } });
  const form = read.data;
  const { email, password } = form;
  // The robot check is shown once the server has asked for it, and its solution goes with the next try.
  const robotShown = form.altcha !== undefined || form.robotShown === "1";
  if (!email || !password) return { error: messages.auth.invalidCredentials, email, robot: robotShown };
  let cookies: Headers;
  let userType: unknown;
  try {
    const result = await context.auth.api.signInEmail({
      body: { email, password, rememberMe: form.remember !== "off" },
      headers: authHeaders(request, context, form.altcha),
      returnHeaders: true,
    });
    cookies = cookiesFrom(result.headers);
    userType = (result.response.user as { userType?: unknown }).userType;
  } catch (error) {
    const failure = authFailure(error, messages.auth.invalidCredentials);
    // Past a few wrong passwords for this account, the right one needs the robot check as well.
    if (failure.code === "ROBOT_CHECK_REQUIRED")
      return { error: null, email, robot: true, robotError: true, answeredAt: Date.now() };
    return {
      error: failure.status === 429 || failure.status >= 500 ? failure.message : messages.auth.invalidCredentials,
      email,
      robot: robotShown,
      answeredAt: Date.now(),
    };
  }
  // Spec §4: hosts are told that hosting tools live in Partner Studio.
  if (userType === "host")
    setFlash(cookies, {
      tone: "info",
      text: messages.auth.hostingMoved,
      link: { href: "/h/dashboard", label: "Open Partner Studio" },
    });
  const to = safeRedirect(new URL(request.url).searchParams.get("redirect"), "/u/dashboard");
  // A change-of-email link is the server's, not a page: the browser loads it whole.
  return isEmailChangeLink(to) ? redirectDocument(to, { headers: cookies }) : redirect(to, { headers: cookies });
}

/** A change-of-email link, which sends a visitor who is not signed in here first (auth.server.ts). */
function isEmailChangeLink(path: string | null): boolean {
  return path?.startsWith("/api/auth/verify-email?") ?? false;
}

export default function LogIn({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const [params] = useSearchParams();
  const redirectTo = params.get("redirect");
  const signUpHref = redirectTo ? `/sign-up?redirect=${encodeURIComponent(redirectTo)}` : "/sign-up";
  // Shown when the server asked for it, here or on the way from an event page.
  const robot = actionData?.robot === true || params.get("check") === "robot";
  return (
    <AuthCard
      title="Welcome back"
      subtitle={
        isEmailChangeLink(redirectTo)
          ? "Log in to confirm your new email address: with the address and password you use now."
          : "Log in to see your tickets and book in seconds."
      }
      footer={
        <>
          New to Ticketyboo?{" "}
          <Link to={signUpHref} className="link">
            Sign up
          </Link>
        </>
      }
    >
      <Form method="post" className="space-y-4" noValidate>
        <FormMessage>{actionData?.error ?? null}</FormMessage>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={actionData?.email}
        />
        <div>
          <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
          <p className="mt-2 text-right text-sm">
            <Link to="/forgot-password" className="link">
              Forgot password?
            </Link>
          </p>
        </div>
        {robot ? (
          <>
            <input type="hidden" name="robotShown" value="1" />
            <p className="text-sm text-fg-muted">{messages.auth.robotCheckAsked}</p>
            {/* A solution works once: each answer brings a fresh box. */}
            <RobotCheck
              key={actionData && "answeredAt" in actionData ? actionData.answeredAt : 0}
              error={actionData && "robotError" in actionData && actionData.robotError ? messages.auth.notARobot : null}
            />
          </>
        ) : null}
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? "Logging in…" : "Log In"}
        </button>
      </Form>
    </AuthCard>
  );
}
