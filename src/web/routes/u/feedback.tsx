import { HeartHandshake } from "lucide-react";
import { useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { FEEDBACK_TOPICS, LIMITS, sitePath } from "~/domain/feedback-rules";
import { AppError, isAppError } from "~/lib/app-error";
import { field, readForm } from "~/lib/read-form";
import { submitFeedback } from "~/services/submit-feedback";
import { SettingsLayout } from "~/web/components/settings-layout";
import { FormMessage, SelectField, TextAreaField } from "~/web/components/ui/field";
import { actionError, refusalOf } from "~/web/lib/action-error";
import { requireUser } from "~/web/lib/signed-in.server";
import { useUnsavedChanges } from "~/web/lib/use-unsaved-changes";
import { messages } from "~/texts/messages";
import type { Route } from "./+types/feedback";

export const handle = { title: "Feedback" };
export const meta: Route.MetaFunction = () => [
  { title: "Feedback · Ticketyboo" },
  { name: "description", content: "Tell the Ticketyboo team what works, what doesn't and what you'd like next." },
];

/**
 * `?topic=bug&page=/events/…` (the debug panel's "Report a bug") starts the form as a bug report about
 * that page; anything else in the address is ignored.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  requireUser(context, request);
  const query = new URL(request.url).searchParams;
  const topic = FEEDBACK_TOPICS.find((t) => t.id === query.get("topic"))?.id ?? "";
  return { topic, page: topic === "bug" ? sitePath(query.get("page")) : null };
}

/**
 * The feedback form; its rules are the service's (src/domain/feedback-rules.ts), which names each field that is wrong.
 */
const FeedbackForm = z.object({ message: field.text(), topic: field.text(), page: field.text(400) });

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const form = await readForm(request, FeedbackForm);
  if (!form.ok)
    return actionError(form.error, {
      extra: { sent: false as const, values: { message: "", topic: "", ...form.values } },
    });
  const values = form.data;
  try {
    await submitFeedback(
      context.database.db,
      { userId: user.id, ...values, browser: request.headers.get("user-agent") },
      {
        throttle: context.throttle,
        ip: context.clientIp,
        now: new Date(),
      },
    );
    return { sent: true as const };
  } catch (error) {
    // What was typed stays on the page whatever went wrong.
    if (!isAppError(error)) console.error("feedback not saved", error);
    return actionError(isAppError(error) ? error : new AppError("internal"), {
      extra: { sent: false as const, values },
    });
  }
}

export default function Feedback({ loaderData, actionData }: Route.ComponentProps) {
  const formRef = useRef<HTMLFormElement>(null);
  useUnsavedChanges(formRef);
  const busy = useNavigation().state === "submitting";

  if (actionData?.sent) {
    return (
      <SettingsLayout title="Feedback">
        <div role="status" className="card max-w-2xl p-6 text-center tablet:p-8">
          <HeartHandshake aria-hidden className="mx-auto size-8 text-brand" />
          <h2 className="mt-3 text-lg font-bold">{messages.feedback.thanks}</h2>
          <p className="mx-auto mt-1 max-w-md text-sm text-fg-muted">
            Your feedback has gone to the team. It helps us decide what to build and fix next.
          </p>
          <Link to="/u/feedback" className="btn-secondary mt-5">
            Send more feedback
          </Link>
        </div>
      </SettingsLayout>
    );
  }

  const failed = actionData && !actionData.sent ? actionData : null;
  const { formError, fieldErrors } = refusalOf(failed);
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
      }
    >
      <Form ref={formRef} method="post" className="card max-w-2xl space-y-5 p-5 tablet:p-6" noValidate>
        <FormMessage>{formError}</FormMessage>
        {loaderData.page ? (
          <p className="rounded-xl bg-surface-2 px-4 py-3 text-sm">
            About the page <span className="font-mono break-all">{loaderData.page}</span>. Say what you did, what you
            expected and what happened instead; we add which browser you use.
            <input type="hidden" name="page" value={loaderData.page} />
          </p>
        ) : null}
        <SelectField
          label="What's it about?"
          aside="(optional)"
          name="topic"
          placeholder="Choose a topic"
          options={FEEDBACK_TOPICS}
          defaultValue={failed?.values.topic ?? loaderData.topic}
          className="tablet:max-w-xs"
          error={fieldErrors.topic}
        />
        <TextAreaField
          label="Message"
          name="message"
          required
          minLength={LIMITS.feedbackMessage.min}
          maxLength={LIMITS.feedbackMessage.max}
          rows={6}
          defaultValue={failed?.values.message}
          hint={`Up to ${LIMITS.feedbackMessage.max.toLocaleString("en-GB")} characters.`}
          error={fieldErrors.message}
        />
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Sending…" : "Send feedback"}
        </button>
      </Form>
    </SettingsLayout>
  );
}
