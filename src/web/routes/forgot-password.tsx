import { Form, Link, useNavigation } from "react-router";
import { isValidEmail, normaliseEmail } from "~/domain/account-rules";
import { AuthCard } from "~/web/components/auth-card";
import { RobotCheck } from "~/web/components/robot-check";
import { FormMessage, TextField } from "~/web/components/ui/field";
import { authFailure, authHeaders } from "~/web/lib/auth-calls.server";
import { messages } from "~/texts/messages";
import type { Route } from "./+types/forgot-password";

export const handle = { title: "Forgot password" };
export const meta: Route.MetaFunction = () => [{ title: "Forgot password · Ticketyboo" }];

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const email = normaliseEmail(String(form.get("email") ?? ""));
  const altcha = form.get("altcha");
  type Errors = { email?: string; altcha?: string };
  const errors: Errors = {};
  if (!isValidEmail(email)) errors.email = messages.auth.invalidEmail;
  if (typeof altcha !== "string" || altcha === "") errors.altcha = messages.auth.notARobot;
  if (errors.email || errors.altcha) return { sent: false, email, errors, formError: null };
  try {
    await context.auth.api.requestPasswordReset({ body: { email, redirectTo: "/reset-password" }, headers: authHeaders(request, context, altcha) });
  } catch (error) {
    const failure = authFailure(error);
    if (failure.code === "ROBOT_CHECK_FAILED") return { sent: false, email, errors: { altcha: failure.message }, formError: null };
    return { sent: false, email, errors: {} as Errors, formError: failure.message };
  }
  // The same answer whether or not the account exists, so this page can't be used to find accounts.
  return { sent: true, email, errors: {} as Errors, formError: null };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (actionData?.sent) {
    return (
      <AuthCard
        title="Check your email"
        footer={
          <Link to="/log-in" className="link">
            Back to log in
          </Link>
        }>
        <FormMessage tone="success">{messages.auth.resetLinkSent}</FormMessage>
        <p className="mt-4 text-sm text-fg-muted">
          Sent to <strong className="text-fg">{actionData.email}</strong>. Nothing there after a few minutes? Check your spam folder, or try again.
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Tell us your email and we'll send you a link to choose a new one."
      footer={
        <>
          Remembered it?{" "}
          <Link to="/log-in" className="link">
            Log in
          </Link>
        </>
      }>
      <Form method="post" className="space-y-4" noValidate>
        <FormMessage>{actionData?.formError}</FormMessage>
        <TextField label="Email" name="email" type="email" autoComplete="email" required defaultValue={actionData?.email} error={actionData?.errors.email} />
        <RobotCheck error={actionData?.errors.altcha} />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? "Sending…" : "Send reset link"}
        </button>
      </Form>
    </AuthCard>
  );
}
