import { MailCheck } from "lucide-react";
import { useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { LIMITS } from "~/domain/feedback-rules";
import { isAppError } from "~/lib/app-error";
import { submitSupportRequest } from "~/services/submit-feedback";
import { SettingsLayout } from "~/web/components/settings-layout";
import { FormMessage, TextAreaField, TextField } from "~/web/components/ui/field";
import { requireUser } from "~/web/lib/signed-in.server";
import { useUnsavedChanges } from "~/web/lib/use-unsaved-changes";
import { HELP_ARTICLES } from "~/web/lib/site-links";
import { messages } from "~/texts/messages";
import type { Route } from "./+types/customer-support";

export const handle = { title: "Customer support" };
export const meta: Route.MetaFunction = () => [{ title: "Customer support · Ticketyboo" }];

export function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  return { email: user.email };
}

type Field = "subject" | "message" | "orderReference";

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const form = await request.formData();
  const values = {
    subject: String(form.get("subject") ?? ""),
    message: String(form.get("message") ?? ""),
    orderReference: String(form.get("orderReference") ?? ""),
  };
  try {
    const { replyTo } = await submitSupportRequest(context.database.db, context.teamChat, { userId: user.id, ...values }, {
      throttle: context.throttle,
      ip: context.clientIp,
      now: new Date(),
    });
    return { sent: true as const, replyTo };
  } catch (error) {
    if (isAppError(error) && error.code === "validation_failed") {
      return { sent: false as const, values, errors: (error.details?.fields ?? {}) as Partial<Record<Field, string>>, formError: null };
    }
    if (isAppError(error) && error.code === "rate_limited") {
      return { sent: false as const, values, errors: {} as Partial<Record<Field, string>>, formError: error.message };
    }
    console.error("support request not saved", error);
    return { sent: false as const, values, errors: {} as Partial<Record<Field, string>>, formError: messages.generic.tryAgain };
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
          <p className="mx-auto mt-1 max-w-md text-sm text-fg-muted">{messages.feedback.supportReply(actionData.replyTo)}.</p>
          <Link to="/u/dashboard" className="btn-secondary mt-5">
            Back to your dashboard
          </Link>
        </div>
      </SettingsLayout>
    );
  }

  const failed = actionData && !actionData.sent ? actionData : null;
  return (
    <SettingsLayout
      title="Customer support"
      description={
        <>
          Stuck with a booking, a ticket or your account? Send us a message and a person will reply. Quick answers are often in our{" "}
          <Link to={HELP_ARTICLES} className="link">
            help articles
          </Link>
          .
        </>
      }>
      <Form ref={formRef} method="post" className="card max-w-2xl space-y-5 p-5 tablet:p-6" noValidate>
        <FormMessage>{failed?.formError}</FormMessage>
        <TextField
          label="Subject"
          name="subject"
          required
          maxLength={LIMITS.supportSubject.max}
          defaultValue={failed?.values.subject}
          placeholder="e.g. My tickets haven't arrived"
          error={failed?.errors.subject}
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
          error={failed?.errors.orderReference}
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
          error={failed?.errors.message}
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
