import { Link, Form, useNavigation } from "react-router";
import { z } from "zod";
import { CONTACT_LIMITS } from "~/domain/contact-rules";
import { AppError, isAppError } from "~/lib/app-error";
import { field, readForm } from "~/lib/read-form";
import { submitEventSuggestion } from "~/services/public-messages";
import { RobotCheck } from "~/web/components/robot-check";
import { SentCard, useRobotCheckKey } from "~/web/components/public-forms/sent-card";
import { FormMessage, TextAreaField, TextField } from "~/web/components/ui/field";
import { actionError, refusalOf } from "~/web/lib/action-error";
import { publicPostGuard } from "~/web/lib/public-post.server";
import { messages } from "~/texts/messages";
import type { Route } from "./+types/submit-an-event";

export const handle = { title: "Submit an event" };
export const meta: Route.MetaFunction = () => [
  { title: "Submit an event · Ticketyboo" },
  {
    name: "description",
    content:
      "Know a gig, quiz night, market or workshop that should be on Ticketyboo? " +
      "Send us the link and we'll take a look.",
  },
];

export function loader({ context }: Route.LoaderArgs) {
  return { email: context.user?.email ?? "" };
}

const SuggestForm = z.object({ url: field.text(), note: field.text(), email: field.text(), altcha: field.text() });

export async function action({ context, request }: Route.ActionArgs) {
  const form = await readForm(request, SuggestForm);
  if (!form.ok)
    return actionError(form.error, {
      extra: { sent: false as const, values: { url: "", note: "", email: "", ...form.values } },
    });
  const { altcha, ...values } = form.data;
  try {
    await submitEventSuggestion(
      context.database.db,
      { ...values, userId: context.user?.id ?? null },
      publicPostGuard(context, altcha),
    );
    return { sent: true as const };
  } catch (error) {
    if (!isAppError(error)) console.error("event suggestion not saved", error);
    // Refusals name their field (or say to wait); anything else is the spec's submit failure.
    return actionError(isAppError(error) ? error : new AppError("internal"), {
      extra: { sent: false as const, values },
      words: { internal: messages.publicForms.eventSubmitFailed },
    });
  }
}

export default function SubmitAnEvent({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const robotKey = useRobotCheckKey(actionData);
  const failed = actionData && !actionData.sent ? actionData : null;
  const { formError, fieldErrors } = refusalOf(failed);
  const values = failed?.values ?? { url: "", note: "", email: loaderData.email };

  return (
    <div className="container-page max-w-3xl py-8 laptop:py-12">
      <h1 className="text-3xl font-extrabold tracking-tight laptop:text-4xl">Submit an event</h1>
      <p className="mt-2 text-fg-muted">
        Know a gig, a quiz night, a market or a workshop that belongs on Ticketyboo? Send us its link. We look at every
        one and get in touch with the organiser about listing it.
      </p>
      <div className="mt-8">
        {actionData?.sent ? (
          <SentCard heading={messages.publicForms.eventSubmitted}>
            <p>We&apos;ll take a look at the event and get in touch with its organiser.</p>
            <div className="mt-5 flex flex-wrap justify-center gap-2">
              <Link to="/submit-an-event" className="btn-secondary">
                Submit another
              </Link>
              <Link to="/explore" className="btn-secondary">
                Explore events
              </Link>
            </div>
          </SentCard>
        ) : (
          <Form method="post" className="card space-y-5 p-5 tablet:p-6" noValidate>
            <FormMessage>{formError}</FormMessage>
            <TextField
              label="Link to the event"
              name="url"
              type="url"
              inputMode="url"
              required
              maxLength={CONTACT_LIMITS.eventUrl.max}
              placeholder="https://"
              defaultValue={values.url}
              hint="The event's own page, or the organiser's page that lists it."
              error={fieldErrors.url}
            />
            <TextAreaField
              label="Anything we should know?"
              aside="(optional)"
              name="note"
              rows={4}
              maxLength={CONTACT_LIMITS.eventNote.max}
              defaultValue={values.note}
              hint="Who runs it, why it's good, whether you're the organiser."
              error={fieldErrors.note}
            />
            <TextField
              label="Your email"
              aside="(optional)"
              name="email"
              type="email"
              autoComplete="email"
              defaultValue={values.email}
              hint="Only to tell you when it's listed, or to ask you a question about it."
              error={fieldErrors.email}
            />
            <RobotCheck key={robotKey} error={fieldErrors.altcha} />
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy ? "Sending…" : "Submit event"}
            </button>
            <p className="text-sm text-fg-muted">
              Hosting it yourself?{" "}
              <Link to="/sign-up" className="link">
                Make a free host account
              </Link>{" "}
              and list it in minutes.
            </p>
          </Form>
        )}
      </div>
    </div>
  );
}
