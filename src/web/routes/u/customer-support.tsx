import { MailCheck } from "lucide-react";
import { useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { LIMITS } from "~/domain/feedback-rules";
import { AppError, isAppError } from "~/lib/app-error";
import { field, readForm } from "~/lib/read-form";
import { submitSupportRequest } from "~/services/submit-feedback";
import { SettingsLayout } from "~/web/components/settings-layout";
import { FormMessage, TextAreaField, TextField } from "~/web/components/ui/field";
import { actionError, refusalOf } from "~/web/lib/action-error";
import { requireUser } from "~/web/lib/signed-in.server";
import { useUnsavedChanges } from "~/web/lib/use-unsaved-changes";
import { HELP_ARTICLES } from "~/web/lib/site-links";
import { messages } from "~/texts/messages";
import type { Route } from "./+types/customer-support";

export const handle = { title: "Customer support" };
export const meta: Route.MetaFunction = () => [
  { title: "Customer support · Ticketyboo" },
  { name: "description", content: "Get help with a booking, a ticket or your account from the Ticketyboo team." },
];

export function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  return { email: user.email };
}

/**
 * The support form; its rules are the service's (src/domain/feedback-rules.ts), which names each field that is wrong.
 */
const SupportForm = z.object({ subject: field.text(), message: field.text(), orderReference: field.text() });

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const form = await readForm(request, SupportForm);
  if (!form.ok)
    return actionError(form.error, {
      extra: { sent: false as const, values: { subject: "", message: "", orderReference: "", ...form.values } },
    });
  const values = form.data;
  try {
    const { replyTo } = await submitSupportRequest(
      context.database.db,
      { userId: user.id, ...values },
      {
        throttle: context.throttle,
        ip: context.clientIp,
        now: new Date(),
      },
    );
    return { sent: true as const, replyTo };
  } catch (error) {
    // What was typed stays on the page whatever went wrong.
    if (!isAppError(error)) console.error("support request not saved", error);
    return actionError(isAppError(error) ? error : new AppError("internal"), {
      extra: { sent: false as const, values },
    });
  }
}

export default function CustomerSupport({ loaderData, actionData }: Route.ComponentProps) {
  const formRef = useRef<HTMLFormElement>(null);
  useUnsavedChanges(formRef);
  const busy = useNavigation().state === "submitting";

  if (actionData?.sent) {
    return (
      <SettingsLayout title="Customer support">
        <div role="status" className="card max-w-2xl p-6 text-center tablet:p-8">
          <MailCheck aria-hidden className="mx-auto size-8 text-brand" />
          <h2 className="mt-3 text-lg font-bold">Thanks, your message is with us</h2>
          <p className="mx-auto mt-1 max-w-md text-sm text-fg-muted">
            {messages.feedback.supportReply(actionData.replyTo)}.
          </p>
          <Link to="/u/dashboard" className="btn-secondary mt-5">
            Back to your dashboard
          </Link>
        </div>
      </SettingsLayout>
    );
  }

  const failed = actionData && !actionData.sent ? actionData : null;
  const { formError, fieldErrors } = refusalOf(failed);
  return (
    <SettingsLayout
      title="Customer support"
      description={
        <>
          Stuck with a booking, a ticket or your account? Send us a message and a person will reply. Quick answers are
          often in our{" "}
          <Link to={HELP_ARTICLES} className="link">
            help articles
          </Link>
          .
        </>
      }
    >
      <Form ref={formRef} method="post" className="card max-w-2xl space-y-5 p-5 tablet:p-6" noValidate>
        <FormMessage>{formError}</FormMessage>
        <TextField
          label="Subject"
          name="subject"
          required
          maxLength={LIMITS.supportSubject.max}
          defaultValue={failed?.values.subject}
          placeholder="e.g. My tickets haven't arrived"
          error={fieldErrors.subject}
        />
        <TextField
          label="Order reference"
          aside="(optional)"
          name="orderReference"
          maxLength={LIMITS.orderReference.max}
          autoComplete="off"
          spellCheck={false}
          className="tablet:max-w-xs"
          defaultValue={failed?.values.orderReference}
          hint="It's in your confirmation email and on your ticket."
          error={fieldErrors.orderReference}
        />
        <TextAreaField
          label="Message"
          name="message"
          required
          minLength={LIMITS.supportMessage.min}
          maxLength={LIMITS.supportMessage.max}
          rows={7}
          defaultValue={failed?.values.message}
          hint="Tell us what happened and what you'd like us to do."
          error={fieldErrors.message}
        />
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Sending…" : "Send message"}
          </button>
          <p className="text-sm text-fg-muted">
            We'll reply to <strong className="font-medium text-fg">{loaderData.email}</strong>
          </p>
        </div>
      </Form>
    </SettingsLayout>
  );
}
