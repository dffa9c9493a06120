import { CircleCheck, RotateCw } from "lucide-react";
import { useEffect } from "react";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { readForm } from "~/lib/read-form";
import { toast } from "~/web/components/ui/toast";
import { listUndeliveredEmails } from "~/services/list-email-messages";
import { actionError } from "~/web/lib/action-error";
import { presentEmail, requireStaff } from "~/web/lib/email-outbox.server";
import { EmailStatusBadge } from "../../components/email-status";
import type { Route } from "./+types/emails";
import { retryFailedEmail } from "~/services/retry-failed-email";

export const handle = { title: "Emails" };
export const meta: Route.MetaFunction = () => [
  { title: "Emails not delivered · Staff · Ticketyboo" },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  requireStaff(context);
  const result = await listUndeliveredEmails(context.database.db);
  return {
    failed: result.failed.map(presentEmail),
    queued: result.queued.map(presentEmail),
    failedTotal: result.failedTotal,
    queuedTotal: result.queuedTotal,
  };
}

const RetryForm = z.object({
  intent: z.literal("retry", "Choose an email to retry."),
  id: z.string().min(1, "Choose an email to retry."),
});

export async function action({ context, request }: Route.ActionArgs) {
  requireStaff(context);
  const form = await readForm(request, RetryForm);
  if (!form.ok) return actionError(form.error, { extra: { ok: false, message: form.error.message } });
  const retried = await retryFailedEmail(context.mailer, { staff: context.user, emailId: form.data.id });
  return retried
    ? { ok: true, message: "Queued again. It goes out with the next run of the queue." }
    : { ok: false, message: "That email is no longer failed: it may have been retried already." };
}

type Row = ReturnType<typeof presentEmail>;

export default function StaffEmails({ loaderData, actionData }: Route.ComponentProps) {
  const { failed, queued, failedTotal, queuedTotal } = loaderData;
  useEffect(() => {
    if (actionData) (actionData.ok ? toast.success : toast.error)(actionData.message);
  }, [actionData]);

  return (
    <div className="container-page py-8 laptop:py-10">
      <p className="text-sm font-semibold text-brand">Staff</p>
      <h1 className="mt-1 text-3xl font-extrabold tracking-tight">Emails not delivered</h1>
      <p className="mt-1 max-w-2xl text-fg-muted">
        Emails still waiting to go, or retrying, and those that gave up after their last retry. Retrying sends the
        stored email again with a fresh set of attempts.{" "}
        <Link to="/staff/outbox" className="link">
          See all emails
        </Link>
        , sent ones too.
      </p>

      <section aria-labelledby="failed-heading" className="mt-8">
        <h2 id="failed-heading" className="text-xl font-bold">
          Failed <span className="font-normal text-fg-muted">({failedTotal})</span>
        </h2>
        {failed.length === 0 ? (
          <div className="card mt-3 flex items-center gap-3 p-5">
            <CircleCheck aria-hidden className="size-6 shrink-0 text-success" />
            <p>Nothing has failed. Every email got through or is still on its way.</p>
          </div>
        ) : (
          <EmailList rows={failed} retry label="Failed emails" />
        )}
        {failedTotal > failed.length ? (
          <p className="mt-2 text-sm text-fg-muted">Showing the newest {failed.length}.</p>
        ) : null}
      </section>

      <section aria-labelledby="queued-heading" className="mt-10">
        <h2 id="queued-heading" className="text-xl font-bold">
          Queued or retrying <span className="font-normal text-fg-muted">({queuedTotal})</span>
        </h2>
        {queued.length === 0 ? (
          <p className="card mt-3 p-5 text-fg-muted">The queue is empty.</p>
        ) : (
          <EmailList rows={queued} label="Queued emails" />
        )}
        {queuedTotal > queued.length ? (
          <p className="mt-2 text-sm text-fg-muted">Showing the newest {queued.length}.</p>
        ) : null}
      </section>
    </div>
  );
}

function EmailList({ rows, retry = false, label }: { rows: Row[]; retry?: boolean; label: string }) {
  const navigation = useNavigation();
  const busyId = navigation.state === "submitting" ? navigation.formData?.get("id") : null;
  return (
    <ul className="card mt-3 divide-y divide-border" aria-label={label}>
      {rows.map((m) => (
        <li key={m.id} className="grid gap-3 p-4 tablet:grid-cols-[minmax(0,1fr)_auto] tablet:items-start tablet:px-5">
          <div className="min-w-0">
            <p className="font-semibold break-words">
              <Link to={`/staff/outbox/${m.id}`} className="hover:underline">
                {m.subject}
              </Link>
            </p>
            <p className="mt-0.5 text-sm break-all text-fg-muted">
              To <span className="text-fg">{m.toAddress}</span> ·{" "}
              <span className="font-mono text-xs">{m.template}</span>
            </p>
            <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-fg-muted">
              <EmailStatusBadge status={m.status} />
              <span>
                {m.attempts} {m.attempts === 1 ? "attempt" : "attempts"}
              </span>
              <span>
                Queued <time dateTime={m.createdAt}>{m.createdLabel}</time>
              </span>
            </div>
            {m.lastError ? (
              // A queued email with an error is between retries: a warning, not yet a failure.
              <p
                className={
                  `mt-2 rounded-xl px-3 py-2 text-sm break-words ` +
                  `${m.status === "failed" ? "bg-danger-soft text-danger" : "bg-warning-soft text-warning"}`
                }
              >
                <span className="font-semibold">{lastErrorLabel(m.status)}</span> {m.lastError}
              </p>
            ) : null}
          </div>
          {retry ? (
            <Form method="post">
              <input type="hidden" name="intent" value="retry" />
              <input type="hidden" name="id" value={m.id} />
              <button
                type="submit"
                className="btn-secondary"
                disabled={busyId === m.id}
                aria-label={`Retry now: ${m.subject} to ${m.toAddress}`}
              >
                <RotateCw aria-hidden className="size-4" /> {busyId === m.id ? "Retrying…" : "Retry now"}
              </button>
            </Form>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** A failed email's error is its last; a queued one's is the attempt that will be retried. */
function lastErrorLabel(status: string): string {
  return status === "failed" ? "Last error:" : "Last attempt failed:";
}
