import { ChevronLeft, ChevronRight, Inbox } from "lucide-react";
import { data, Form, Link } from "react-router";
import { listEmailMessages } from "~/services/list-email-messages";
import { EmailStatusBadge, formatEmailTime } from "../../components/email-status";
import type { Route } from "./+types/outbox";

export const handle = { title: "Dev outbox" };
export const meta: Route.MetaFunction = () => [{ title: "Dev outbox · Ticketyboo" }, { name: "robots", content: "noindex" }];

/**
 * Every email the app has stored, newest first: with no SMTP_URL this is where they end up, so
 * people and the e2e suite read verification and reset links here. Dev and test only.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.devRoutes) throw data(null, { status: 404 });
  const params = new URL(request.url).searchParams;
  const to = (params.get("to") ?? "").trim();
  const result = await listEmailMessages(context.database.db, { to, page: Number(params.get("page") ?? 1) || 1 });
  return {
    to,
    page: result.page,
    pageCount: result.pageCount,
    total: result.total,
    messages: result.messages.map((m) => ({
      id: m.id,
      toAddress: m.toAddress,
      subject: m.subject,
      template: m.template,
      status: m.status,
      attempts: m.attempts,
      createdAt: m.createdAt.toISOString(),
      createdLabel: formatEmailTime(m.createdAt),
    })),
  };
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  const { to, page, pageCount, total, messages } = loaderData;
  const pageLink = (p: number) => `/dev/outbox?${new URLSearchParams({ ...(to ? { to } : {}), ...(p > 1 ? { page: String(p) } : {}) })}`;
  return (
    <div className="container-page py-8 laptop:py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">Dev outbox</h1>
      <p className="mt-1 max-w-2xl text-fg-muted">
        Every email the app has sent from this machine, newest first. Without <code className="text-sm">SMTP_URL</code> they stop here; open one to follow
        its links.
      </p>

      <Form method="get" role="search" className="mt-6 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 tablet:max-w-sm">
          <label htmlFor="outbox-to" className="block text-sm font-medium">
            Recipient
          </label>
          <input
            id="outbox-to"
            name="to"
            type="search"
            defaultValue={to}
            placeholder="name@example.com"
            autoComplete="off"
            className="mt-1 h-11 w-full rounded-xl border border-border bg-surface px-3 text-fg placeholder:text-fg-muted/70 focus:border-brand focus:outline-none"
          />
        </div>
        <button type="submit" className="btn-secondary h-11">
          Filter
        </button>
        {to ? (
          <Link to="/dev/outbox" className="btn-ghost h-11">
            Show all
          </Link>
        ) : null}
      </Form>

      <p className="mt-6 text-sm text-fg-muted" aria-live="polite">
        {total === 0 ? null : to ? `${total} ${total === 1 ? "email" : "emails"} to addresses containing “${to}”` : `${total} ${total === 1 ? "email" : "emails"}`}
      </p>

      {messages.length === 0 ? (
        <div className="card mt-3 p-8 text-center">
          <Inbox aria-hidden className="mx-auto size-8 text-fg-muted" />
          <p className="mt-3 font-semibold">{to ? `No emails to addresses containing “${to}”` : "No emails yet"}</p>
          <p className="mx-auto mt-1 max-w-sm text-sm text-fg-muted">
            {to ? "Check the address, or show every email." : "Sign up, reset a password or change an email address, and the email lands here."}
          </p>
        </div>
      ) : (
        <ol className="card mt-3 divide-y divide-border overflow-hidden" aria-label="Emails">
          {messages.map((m) => (
            <li key={m.id} className="relative px-4 py-3 focus-within:bg-surface-2 hover:bg-surface-2 tablet:px-5">
              <div className="grid gap-x-4 gap-y-1 tablet:grid-cols-[minmax(0,1fr)_auto] tablet:items-center">
                <div className="min-w-0">
                  <Link to={`/dev/outbox/${m.id}`} className="font-semibold break-words text-fg after:absolute after:inset-0 hover:underline">
                    {m.subject}
                  </Link>
                  <p className="mt-0.5 truncate text-sm text-fg-muted">
                    To <span className="text-fg">{m.toAddress}</span> · <span className="font-mono text-xs">{m.template}</span>
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-fg-muted tablet:justify-end">
                  <EmailStatusBadge status={m.status} />
                  <span>
                    {m.attempts} {m.attempts === 1 ? "attempt" : "attempts"}
                  </span>
                  <time dateTime={m.createdAt}>{m.createdLabel}</time>
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}

      {pageCount > 1 ? (
        <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-3">
          {page > 1 ? (
            <Link to={pageLink(page - 1)} className="btn-secondary" rel="prev">
              <ChevronLeft aria-hidden className="size-4" /> Newer
            </Link>
          ) : (
            <span />
          )}
          <p className="text-sm text-fg-muted">
            Page {page} of {pageCount}
          </p>
          {page < pageCount ? (
            <Link to={pageLink(page + 1)} className="btn-secondary" rel="next">
              Older <ChevronRight aria-hidden className="size-4" />
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
