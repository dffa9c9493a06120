import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { isValidEmail, normaliseEmail } from "~/domain/account-rules";
import { field, readForm } from "~/lib/read-form";
import { AuthCard } from "~/web/components/auth-card";
import { RobotCheck } from "~/web/components/robot-check";
import { FormMessage, TextField } from "~/web/components/ui/field";
import { actionError, refusalOf } from "~/web/lib/action-error";
import { authError, authHeaders } from "~/web/lib/auth-calls.server";
import { messages } from "~/texts/messages";
import type { Route } from "./+types/forgot-password";

export const handle = { title: "Forgot password" };
export const meta: Route.MetaFunction = () => [
  { title: "Forgot password · Ticketyboo" },
  { name: "description", content: "Forgotten your Ticketyboo password? Ask for a link by email and choose a new one." },
];

const ForgotForm = z.object({
  email: field.text().transform(normaliseEmail).refine(isValidEmail, messages.auth.invalidEmail),
  altcha: z.string(messages.auth.notARobot).min(1, messages.auth.notARobot),
});

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, ForgotForm);
  if (!form.ok)
    return actionError(form.error, { extra: { sent: false as const, email: normaliseEmail(form.values.email ?? "") } });
  const { email, altcha } = form.data;
  try {
    await context.auth.api.requestPasswordReset({
      body: { email, redirectTo: "/reset-password" },
      headers: authHeaders(request, context, altcha),
    });
  } catch (error) {
    return actionError(authError(error, { fieldFor: { ROBOT_CHECK_FAILED: "altcha" } }), {
      extra: { sent: false as const, email },
    });
  }
  // The same answer whether or not the account exists, so this page can't be used to find accounts.
  return { sent: true as const, email };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { formError, fieldErrors } = refusalOf(actionData);
  if (actionData?.sent) {
    return (
      <AuthCard
        title="Check your email"
        footer={
          <Link to="/log-in" className="link">
            Back to log in
          </Link>
        }
      >
        <FormMessage tone="success">{messages.auth.resetLinkSent}</FormMessage>
        <p className="mt-4 text-sm text-fg-muted">
          Sent to <strong className="text-fg">{actionData.email}</strong>. Nothing there after a few minutes? Check your
          spam folder, or try again.
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
      }
    >
      <Form method="post" className="space-y-4" noValidate>
        <FormMessage>{formError}</FormMessage>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={actionData?.email}
          error={fieldErrors.email}
        />
        <RobotCheck error={fieldErrors.altcha} />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? "Sending…" : "Send reset link"}
        </button>
      </Form>
    </AuthCard>
  );
}
