import { Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { passwordProblem } from "~/domain/account-rules";
import { field, readForm } from "~/lib/read-form";
import { AuthCard } from "~/web/components/auth-card";
import { FormMessage, TextField } from "~/web/components/ui/field";
import { actionError, refusalOf } from "~/web/lib/action-error";
import { authError, authHeaders, resetTokenIsLive } from "~/web/lib/auth-calls.server";
import { setFlash } from "~/web/lib/flash.server";
import { messages } from "~/texts/messages";
import type { Route } from "./+types/reset-password";

export const handle = { title: "Choose a new password" };
export const meta: Route.MetaFunction = () => [
  { title: "Choose a new password · Ticketyboo" },
  { name: "description", content: "Choose a new password for your Ticketyboo account." },
  { name: "referrer", content: "no-referrer" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  // The emailed link lands here with its token; one used or lapsed is said to be so before any typing.
  // (better-auth's own link, refused here, would land with ?error=INVALID_TOKEN.)
  const live = !url.searchParams.has("error") && (await resetTokenIsLive(context, token, new Date()));
  return { token: live ? token : null };
}

const passwordMessages = {
  too_short: messages.auth.passwordTooShort,
  too_long: messages.auth.passwordTooLong,
  too_common: messages.auth.passwordTooCommon,
} as const;

const ResetForm = z
  .object({
    token: field.text(),
    password: field.text().superRefine((password, ctx) => {
      const problem = passwordProblem(password);
      if (problem) ctx.addIssue({ code: "custom", message: passwordMessages[problem] });
    }),
    confirmPassword: field.text(),
  })
  .refine((f) => f.password === f.confirmPassword, {
    message: messages.auth.passwordsDoNotMatch,
    path: ["confirmPassword"],
  });

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, ResetForm);
  if (!form.ok) return actionError(form.error);
  const { token, password } = form.data;
  try {
    await context.auth.api.resetPassword({
      body: { token, newPassword: password },
      headers: authHeaders(request, context),
    });
  } catch (error) {
    return actionError(
      authError(error, {
        fieldFor: { PASSWORD_TOO_SHORT: "password", PASSWORD_TOO_LONG: "password", PASSWORD_TOO_COMMON: "password" },
      }),
    );
  }
  return redirect("/log-in", {
    headers: setFlash(new Headers(), {
      tone: "success",
      text: `${messages.auth.passwordChanged} Log in with your new password.`,
    }),
  });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { formError, fieldErrors } = refusalOf(actionData);
  if (!loaderData.token) {
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
        <FormMessage>{formError}</FormMessage>
        {formError === messages.auth.resetLinkInvalid ? (
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
          error={fieldErrors.password}
        />
        <TextField
          label="Confirm new password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          error={fieldErrors.confirmPassword}
        />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? "Saving…" : "Save new password"}
        </button>
      </Form>
    </AuthCard>
  );
}
