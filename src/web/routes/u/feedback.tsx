import { HeartHandshake } from "lucide-react";
import { useId, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FEEDBACK_TOPICS, LIMITS } from "~/domain/feedback-rules";
import { isAppError } from "~/lib/app-error";
import { submitFeedback } from "~/services/submit-feedback";
import { SettingsLayout } from "~/web/components/settings-layout";
import { FormMessage, TextAreaField } from "~/web/components/ui/field";
import { requireUser } from "~/web/lib/signed-in.server";
import { useUnsavedChanges } from "~/web/lib/use-unsaved-changes";
import { messages } from "~/texts/messages";
import type { Route } from "./+types/feedback";

export const handle = { title: "Feedback" };
export const meta: Route.MetaFunction = () => [{ title: "Feedback · Ticketyboo" }];

export function loader({ context, request }: Route.LoaderArgs) {
  requireUser(context, request);
  return null;
}

type Field = "message" | "topic";

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const form = await request.formData();
  const values = { message: String(form.get("message") ?? ""), topic: String(form.get("topic") ?? "") };
  try {
    await submitFeedback(context.database.db, context.teamChat, { userId: user.id, ...values }, {
      throttle: context.throttle,
      ip: context.clientIp,
      now: new Date(),
    });
    return { sent: true as const };
  } catch (error) {
    if (isAppError(error) && error.code === "validation_failed") {
      return { sent: false as const, values, errors: (error.details?.fields ?? {}) as Partial<Record<Field, string>>, formError: null };
    }
    if (isAppError(error) && error.code === "rate_limited") {
      return { sent: false as const, values, errors: {} as Partial<Record<Field, string>>, formError: error.message };
    }
    console.error("feedback not saved", error);
    return { sent: false as const, values, errors: {} as Partial<Record<Field, string>>, formError: messages.generic.tryAgain };
  }
}

export default function Feedback({ actionData }: Route.ComponentProps) {
  const formRef = useRef<HTMLFormElement>(null);
  useUnsavedChanges(formRef);
  const busy = useNavigation().state === "submitting";
  const topicId = useId();

  if (actionData?.sent) {
    return (
      <SettingsLayout title="Feedback">
        <div role="status" className="card max-w-2xl p-6 text-center tablet:p-8">
          <HeartHandshake aria-hidden className="mx-auto size-8 text-brand" />
          <h2 className="mt-3 text-lg font-bold">{messages.feedback.thanks}</h2>
          <p className="mx-auto mt-1 max-w-md text-sm text-fg-muted">Your feedback has gone to the team. It helps us decide what to build and fix next.</p>
          <Link to="/u/feedback" className="btn-secondary mt-5">
            Send more feedback
          </Link>
        </div>
      </SettingsLayout>
    );
  }

  const failed = actionData && !actionData.sent ? actionData : null;
  return (
    <SettingsLayout
      title="Feedback"
      description={
        <>
          Tell us what works, what doesn't and what you'd love to see next. Need help with a booking?{" "}
          <Link to="/u/customer-support" className="link">
            Contact customer support
          </Link>
          .
        </>
      }>
      <Form ref={formRef} method="post" className="card max-w-2xl space-y-5 p-5 tablet:p-6" noValidate>
        <FormMessage>{failed?.formError}</FormMessage>
        <div>
          <label htmlFor={topicId} className="block text-sm font-medium">
            What's it about? <span className="font-normal text-fg-muted">(optional)</span>
          </label>
          <select
            id={topicId}
            name="topic"
            defaultValue={failed?.values.topic ?? ""}
            aria-invalid={failed?.errors.topic ? true : undefined}
            aria-describedby={failed?.errors.topic ? `${topicId}-error` : undefined}
            className="mt-1 h-11 w-full rounded-xl border border-border bg-surface px-3 text-fg focus:border-brand focus:outline-none aria-[invalid=true]:border-danger tablet:max-w-xs">
            <option value="">Choose a topic</option>
            {FEEDBACK_TOPICS.map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
          </select>
          {failed?.errors.topic ? (
            <p id={`${topicId}-error`} className="mt-1 text-sm font-medium text-danger">
              {failed.errors.topic}
            </p>
          ) : null}
        </div>
        <TextAreaField
          label="Message"
          name="message"
          required
          minLength={LIMITS.feedbackMessage.min}
          maxLength={LIMITS.feedbackMessage.max}
          rows={6}
          defaultValue={failed?.values.message}
          hint={`Up to ${LIMITS.feedbackMessage.max.toLocaleString("en-GB")} characters.`}
          error={failed?.errors.message}
        />
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Sending…" : "Send feedback"}
        </button>
      </Form>
    </SettingsLayout>
  );
}
