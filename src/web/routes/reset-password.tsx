import { Form, Link, redirect, useNavigation } from "react-router";
import { passwordProblem } from "~/domain/account-rules";
import { AuthCard } from "~/web/components/auth-card";
import { FormMessage, TextField } from "~/web/components/ui/field";
import { authFailure, authHeaders } from "~/web/lib/auth-calls.server";
import { setFlash } from "~/web/lib/flash.server";
import { messages } from "~/texts/messages";
import type { Route } from "./+types/reset-password";

export const handle = { title: "Choose a new password" };
export const meta: Route.MetaFunction = () => [{ title: "Choose a new password · Ticketyboo" }, { name: "referrer", content: "no-referrer" }];

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // better-auth's own link lands here with ?error=INVALID_TOKEN when it has expired.
  return { token: url.searchParams.get("token") ?? "", linkError: url.searchParams.has("error") };
}

const passwordMessages = { too_short: messages.auth.passwordTooShort, too_long: messages.auth.passwordTooLong, too_common: messages.auth.passwordTooCommon } as const;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = String(form.get("token") ?? "");
  const password = String(form.get("password") ?? "");
  const problem = passwordProblem(password);
  if (problem) return { errors: { password: passwordMessages[problem] }, formError: null };
  if (password !== form.get("confirmPassword")) return { errors: { confirmPassword: messages.auth.passwordsDoNotMatch }, formError: null };
  try {
    await context.auth.api.resetPassword({ body: { token, newPassword: password }, headers: authHeaders(request, context) });
  } catch (error) {
    const failure = authFailure(error);
    if (failure.code.startsWith("PASSWORD_")) return { errors: { password: failure.message }, formError: null };
    return { errors: {}, formError: failure.message };
  }
  return redirect("/log-in", { headers: setFlash(new Headers(), { tone: "success", text: `${messages.auth.passwordChanged} Log in with your new password.` }) });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (!loaderData.token || loaderData.linkError) {
    return (
      <AuthCard title="This link has expired">
        <FormMessage>{messages.auth.resetLinkInvalid}</FormMessage>
        <Link to="/forgot-password" className="btn-primary mt-5 w-full">
          Send me a new link
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password" subtitle="You'll be logged out everywhere else, to keep your account safe.">
      <Form method="post" className="space-y-4" noValidate>
        <FormMessage>{actionData?.formError}</FormMessage>
        {actionData?.formError === messages.auth.resetLinkInvalid ? (
          <p className="text-sm">
            <Link to="/forgot-password" className="link">
              Send me a new link
            </Link>
          </p>
        ) : null}
        <input type="hidden" name="token" value={loaderData.token} />
        <TextField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 6 characters."
          error={actionData?.errors.password}
        />
        <TextField label="Confirm new password" name="confirmPassword" type="password" autoComplete="new-password" required error={actionData?.errors.confirmPassword} />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? "Saving…" : "Save new password"}
        </button>
      </Form>
    </AuthCard>
  );
}
