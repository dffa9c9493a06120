import { CalendarClock, LifeBuoy, MessageSquareText } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { CONTACT_LIMITS, CONTACT_TOPICS, isContactTopic, MEETING_TOPIC } from "~/domain/contact-rules";
import { AppError, isAppError } from "~/lib/app-error";
import { field, readForm } from "~/lib/read-form";
import { submitContactMessage } from "~/services/public-messages";
import { RobotCheck } from "~/web/components/robot-check";
import { SentCard, useRobotCheckKey } from "~/web/components/public-forms/sent-card";
import { FormMessage, SelectField, TextAreaField, TextField } from "~/web/components/ui/field";
import { actionError, refusalOf } from "~/web/lib/action-error";
import { publicPostGuard } from "~/web/lib/public-post.server";
import { HELP_ARTICLES } from "~/web/lib/site-links";
import { messages } from "~/texts/messages";
import type { Route } from "./+types/contact";

export const handle = { title: "Contact us" };
export const meta: Route.MetaFunction = () => [
  { title: "Contact us · Ticketyboo" },
  {
    name: "description",
    content:
      "Write to the Ticketyboo team about bookings, hosting, press or partnerships, or ask for a meeting. " +
      "A person replies within 2 working days.",
  },
];

export function loader({ context, request }: Route.LoaderArgs) {
  const topic = new URL(request.url).searchParams.get("topic") ?? "";
  const user = context.user;
  return {
    name: user?.name ?? "",
    email: user?.email ?? "",
    topic: isContactTopic(topic) ? topic : "",
  };
}

const ContactForm = z.object({
  name: field.text(),
  email: field.text(),
  topic: field.text(),
  message: field.text(),
  altcha: field.text(),
});

export async function action({ context, request }: Route.ActionArgs) {
  const form = await readForm(request, ContactForm);
  const blank = { name: "", email: "", topic: "", message: "" };
  if (!form.ok)
    return actionError(form.error, { extra: { sent: false as const, values: { ...blank, ...form.values } } });
  const { altcha, ...values } = form.data;
  try {
    const { replyTo } = await submitContactMessage(
      context.database.db,
      { ...values, userId: context.user?.id ?? null },
      publicPostGuard(context, altcha),
    );
    return { sent: true as const, replyTo };
  } catch (error) {
    // What was typed stays on the page whatever went wrong.
    if (!isAppError(error)) console.error("contact message not saved", error);
    return actionError(isAppError(error) ? error : new AppError("internal"), {
      extra: { sent: false as const, values },
    });
  }
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const topicRef = useRef<HTMLSelectElement>(null);
  const robotKey = useRobotCheckKey(actionData);
  const failed = actionData && !actionData.sent ? actionData : null;
  const { formError, fieldErrors } = refusalOf(failed);
  const values = failed?.values ?? { ...loaderData, message: "" };

  // The footer's "Schedule a meeting" link arrives as #schedule-a-meeting: choose that topic for them.
  useEffect(() => {
    const select = topicRef.current;
    if (select && !select.value && window.location.hash === "#schedule-a-meeting") select.value = MEETING_TOPIC;
  }, []);

  return (
    <div className="container-page py-8 laptop:py-12">
      <h1 className="text-3xl font-extrabold tracking-tight laptop:text-4xl">Contact us</h1>
      <p className="mt-2 max-w-2xl text-fg-muted">
        Questions, ideas, press or partnerships: write to us and a person on the Ticketyboo team will reply, usually
        within 2 working days.
      </p>

      <div className="mt-8 grid gap-8 laptop:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="write-to-us" id="contact-form" className="min-w-0 scroll-mt-24">
          <h2 id="write-to-us" className="sr-only">
            Write to us
          </h2>
          {actionData?.sent ? (
            <SentCard heading={messages.publicForms.contactSent}>
              <p>{messages.publicForms.contactReply(actionData.replyTo)}</p>
              <Link to="/" className="btn-secondary mt-5">
                Back to events
              </Link>
            </SentCard>
          ) : (
            // Keyed by the topic in the address, so "Ask for a meeting" chooses it on a form already open.
            <Form key={loaderData.topic} method="post" className="card space-y-5 p-5 tablet:p-6" noValidate>
              <FormMessage>{formError}</FormMessage>
              <div className="grid gap-5 tablet:grid-cols-2">
                <TextField
                  label="Your name"
                  name="name"
                  autoComplete="name"
                  required
                  maxLength={CONTACT_LIMITS.name.max}
                  defaultValue={values.name}
                  error={fieldErrors.name}
                />
                <TextField
                  label="Email"
                  name="email"
                  type="email"
                  autoComplete="email"
                  required
                  defaultValue={values.email}
                  hint="We reply to this address."
                  error={fieldErrors.email}
                />
              </div>
              <SelectField
                ref={topicRef}
                label="What's it about?"
                name="topic"
                required
                placeholder="Choose a topic"
                options={CONTACT_TOPICS}
                defaultValue={values.topic}
                className="tablet:max-w-sm"
                error={fieldErrors.topic}
              />
              <TextAreaField
                label="Message"
                name="message"
                required
                rows={7}
                minLength={CONTACT_LIMITS.message.min}
                maxLength={CONTACT_LIMITS.message.max}
                defaultValue={values.message}
                hint="For a meeting, say what it's about and two or three times that suit you."
                error={fieldErrors.message}
              />
              <RobotCheck key={robotKey} error={fieldErrors.altcha} />
              <button type="submit" className="btn-primary" disabled={busy}>
                {busy ? "Sending…" : "Send message"}
              </button>
            </Form>
          )}
        </section>

        <aside className="space-y-4" aria-label="Other ways to reach us">
          <section id="schedule-a-meeting" aria-labelledby="meeting-heading" className="card scroll-mt-24 p-5">
            <h2 id="meeting-heading" className="flex items-center gap-2 font-bold">
              <CalendarClock aria-hidden className="size-5 text-brand" /> Schedule a meeting
            </h2>
            <p className="mt-2 text-sm text-fg-muted">
              Want to talk through hosting with us, a partnership or a big event? Choose ‘Schedule a meeting’ as the
              topic and suggest a few times. We&apos;ll reply with a calendar invitation for a video call.
            </p>
            <Link to={`/contact?topic=${MEETING_TOPIC}#contact-form`} className="btn-secondary mt-3">
              Ask for a meeting
            </Link>
          </section>
          <section aria-labelledby="bookings-heading" className="card p-5">
            <h2 id="bookings-heading" className="flex items-center gap-2 font-bold">
              <LifeBuoy aria-hidden className="size-5 text-brand" /> Help with a booking
            </h2>
            <p className="mt-2 text-sm text-fg-muted">
              Signed in, send us your order reference from{" "}
              <Link to="/u/customer-support" className="link">
                customer support
              </Link>{" "}
              so we can find your booking straight away.
            </p>
          </section>
          <section aria-labelledby="answers-heading" className="card p-5">
            <h2 id="answers-heading" className="flex items-center gap-2 font-bold">
              <MessageSquareText aria-hidden className="size-5 text-brand" /> Quick answers
            </h2>
            <p className="mt-2 text-sm text-fg-muted">
              Many questions are answered in our{" "}
              <Link to={HELP_ARTICLES} className="link">
                help articles
              </Link>
              .
            </p>
          </section>
        </aside>
      </div>
    </div>
  );
}
