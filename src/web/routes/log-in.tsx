import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { normaliseEmail } from "~/domain/account-rules";
import { safeRedirect } from "~/lib/safe-redirect";
import { AuthCard } from "~/web/components/auth-card";
import { FormMessage, TextField } from "~/web/components/ui/field";
import { authFailure, authHeaders, cookiesFrom } from "~/web/lib/auth-calls.server";
import { setFlash } from "~/web/lib/flash.server";
import { messages } from "~/web/messages";
import type { Route } from "./+types/log-in";

export const handle = { title: "Log in" };
export const meta: Route.MetaFunction = () => [{ title: "Log in · Ticketyboo" }];

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const email = normaliseEmail(String(form.get("email") ?? ""));
  const password = String(form.get("password") ?? "");
  if (!email || !password) return { error: messages.auth.invalidCredentials, email };
  let cookies: Headers;
  let userType: unknown;
  try {
    const result = await context.auth.api.signInEmail({
      body: { email, password, rememberMe: form.get("remember") !== "off" },
      headers: authHeaders(request, context),
      returnHeaders: true,
    });
    cookies = cookiesFrom(result.headers);
    userType = (result.response.user as { userType?: unknown }).userType;
  } catch (error) {
    const failure = authFailure(error, messages.auth.invalidCredentials);
    return { error: failure.status === 429 || failure.status >= 500 ? failure.message : messages.auth.invalidCredentials, email };
  }
  // Spec §4: hosts are told that hosting tools live in Partner Studio.
  if (userType === "host") setFlash(cookies, { tone: "info", text: messages.auth.hostingMoved, link: { href: "/h/dashboard", label: "Open Partner Studio" } });
  const to = safeRedirect(new URL(request.url).searchParams.get("redirect"), "/u/dashboard");
  return redirect(to, { headers: cookies });
}

export default function LogIn({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const [params] = useSearchParams();
  const redirectTo = params.get("redirect");
  const signUpHref = redirectTo ? `/sign-up?redirect=${encodeURIComponent(redirectTo)}` : "/sign-up";
  return (
    <AuthCard
      title="Welcome back"
      subtitle="Log in to see your tickets and book in seconds."
      footer={
        <>
          New to Ticketyboo?{" "}
          <Link to={signUpHref} className="link">
            Sign up
          </Link>
        </>
      }>
      <Form method="post" className="space-y-4" noValidate>
        <FormMessage>{actionData?.error}</FormMessage>
        <TextField label="Email" name="email" type="email" autoComplete="email" required defaultValue={actionData?.email} />
        <div>
          <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
          <p className="mt-2 text-right text-sm">
            <Link to="/forgot-password" className="link">
              Forgot password?
            </Link>
          </p>
        </div>
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? "Logging in…" : "Log In"}
        </button>
      </Form>
    </AuthCard>
  );
}
