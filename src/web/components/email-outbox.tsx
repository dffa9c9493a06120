import { ArrowLeft, ChevronLeft, ChevronRight, ExternalLink, Inbox } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { EmailStatusBadge } from "./email-status";

/**
 * The outbox's two views, a list of stored emails and one email (its details, links, sandboxed
 * HTML and plain text), shown by the dev outbox and by the staff area under their own paths.
 */

type Status = "queued" | "sent" | "failed";

export interface OutboxList {
  to: string;
  page: number;
  pageCount: number;
  total: number;
  messages: {
    id: string;
    toAddress: string;
    subject: string;
    template: string;
    status: Status;
    attempts: number;
    createdAt: string;
    createdLabel: string;
  }[];
}

export interface OutboxMessage {
  id: string;
  subject: string;
  toAddress: string;
  template: string;
  transport: "smtp" | "outbox";
  status: Status;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  createdLabel: string;
  sentLabel: string | null;
  html: string;
  text: string;
  links: { href: string; text: string }[];
  attachments: { index: number; label: string }[];
  headers: [string, string][];
}

export function OutboxListView({
  list,
  basePath,
  heading,
  intro,
  eyebrow,
}: {
  list: OutboxList;
  basePath: string;
  heading: string;
  intro: ReactNode;
  eyebrow?: string;
}) {
  const { to, page, pageCount, total, messages } = list;
  const pageLink = (p: number) =>
    `${basePath}?${new URLSearchParams({ ...(to ? { to } : {}), ...(p > 1 ? { page: String(p) } : {}) })}`;
  return (
    <div className="container-page py-8 laptop:py-10">
      {eyebrow ? <p className="text-sm font-semibold text-brand">{eyebrow}</p> : null}
      <h1 className={`${eyebrow ? "mt-1 " : ""}text-3xl font-extrabold tracking-tight`}>{heading}</h1>
      <p className="mt-1 max-w-2xl text-fg-muted">{intro}</p>

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
            className="mt-1 h-11 w-full rounded-xl border border-border bg-surface px-3 text-fg
              placeholder:text-fg-muted/70 focus:border-brand focus:outline-none"
          />
        </div>
        <button type="submit" className="btn-secondary h-11">
          Filter
        </button>
        {to ? (
          <Link to={basePath} className="btn-ghost h-11">
            Show all
          </Link>
        ) : null}
      </Form>

      <p className="mt-6 text-sm text-fg-muted" aria-live="polite">
        {total === 0
          ? null
          : to
            ? `${total} ${total === 1 ? "email" : "emails"} to addresses containing “${to}”`
            : `${total} ${total === 1 ? "email" : "emails"}`}
      </p>

      {messages.length === 0 ? (
        <div className="card mt-3 p-8 text-center">
          <Inbox aria-hidden className="mx-auto size-8 text-fg-muted" />
          <p className="mt-3 font-semibold">{to ? `No emails to addresses containing “${to}”` : "No emails yet"}</p>
          <p className="mx-auto mt-1 max-w-sm text-sm text-fg-muted">
            {to
              ? "Check the address, or show every email."
              : "Sign up, reset a password or change an email address, and the email lands here."}
          </p>
        </div>
      ) : (
        <ol className="card mt-3 divide-y divide-border overflow-hidden" aria-label="Emails">
          {messages.map((m) => (
            <li key={m.id} className="relative px-4 py-3 focus-within:bg-surface-2 hover:bg-surface-2 tablet:px-5">
              <div className="grid gap-x-4 gap-y-1 tablet:grid-cols-[minmax(0,1fr)_auto] tablet:items-center">
                <div className="min-w-0">
                  <Link
                    to={`${basePath}/${m.id}`}
                    className="font-semibold break-words text-fg after:absolute after:inset-0 hover:underline"
                  >
                    {m.subject}
                  </Link>
                  <p className="mt-0.5 truncate text-sm text-fg-muted">
                    To <span className="text-fg">{m.toAddress}</span> ·{" "}
                    <span className="font-mono text-xs">{m.template}</span>
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

export function OutboxMessageView({
  message: m,
  basePath,
  backLabel,
}: {
  message: OutboxMessage;
  basePath: string;
  backLabel: string;
}) {
  return (
    <div className="container-page py-8 laptop:py-10">
      <Link to={basePath} className="link inline-flex items-center gap-1 text-sm">
        <ArrowLeft aria-hidden className="size-4" /> {backLabel}
      </Link>
      <h1 className="mt-3 text-2xl font-extrabold tracking-tight break-words tablet:text-3xl">{m.subject}</h1>

      <dl className="card mt-5 grid gap-x-6 gap-y-3 p-5 text-sm tablet:grid-cols-[max-content_minmax(0,1fr)]">
        <dt className="font-medium text-fg-muted">To</dt>
        <dd className="break-all">{m.toAddress}</dd>
        <dt className="font-medium text-fg-muted">Status</dt>
        <dd className="flex flex-wrap items-center gap-2">
          <EmailStatusBadge status={m.status} />
          <span className="text-fg-muted">
            {m.attempts} {m.attempts === 1 ? "attempt" : "attempts"}
            {m.sentLabel ? `, sent ${m.sentLabel}` : ""}
          </span>
        </dd>
        <dt className="font-medium text-fg-muted">Template</dt>
        <dd className="font-mono text-xs leading-5">{m.template}</dd>
        <dt className="font-medium text-fg-muted">Delivery</dt>
        <dd>{m.transport === "smtp" ? "SMTP" : "Outbox only (no SMTP_URL)"}</dd>
        <dt className="font-medium text-fg-muted">Queued</dt>
        <dd>
          <time dateTime={m.createdAt}>{m.createdLabel}</time>
        </dd>
        {m.attachments.length > 0 ? (
          <>
            <dt className="font-medium text-fg-muted">Attachments</dt>
            <dd>
              <ul>
                {m.attachments.map((a) => (
                  <li key={a.index}>
                    <a href={`${basePath}/${m.id}/attachment/${a.index}`} className="link" download>
                      {a.label}
                    </a>
                  </li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
        {m.headers.length > 0 ? (
          <>
            <dt className="font-medium text-fg-muted">Headers</dt>
            <dd className="font-mono text-xs leading-5 break-all">
              {m.headers.map(([name, value]) => (
                <div key={name}>
                  {name}: {value}
                </div>
              ))}
            </dd>
          </>
        ) : null}
        {m.lastError ? (
          <>
            <dt className="font-medium text-fg-muted">Last error</dt>
            <dd className="break-words text-danger">{m.lastError}</dd>
          </>
        ) : null}
      </dl>

      <section aria-labelledby="links-heading" className="mt-8">
        <h2 id="links-heading" className="text-xl font-bold">
          Links in this email
        </h2>
        {m.links.length === 0 ? (
          <p className="mt-2 text-sm text-fg-muted">This email has no links.</p>
        ) : (
          <ul className="mt-3 space-y-2">
            {m.links.map((link, i) => (
              <li key={`${i}-${link.href}`} className="card p-4">
                <a href={link.href} className="link inline-flex items-center gap-1 break-all">
                  {link.text}
                  <ExternalLink aria-hidden className="size-3.5 shrink-0" />
                </a>
                {link.text !== link.href ? (
                  <p className="mt-1 font-mono text-xs break-all text-fg-muted">{link.href}</p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="mt-8 grid gap-8 laptop:grid-cols-2">
        <section aria-labelledby="html-heading" className="min-w-0">
          <h2 id="html-heading" className="text-xl font-bold">
            As sent (HTML)
          </h2>
          {/* sandbox="" : no scripts, no forms, no navigation; the email cannot touch this page. */}
          <iframe
            title={`HTML of “${m.subject}”`}
            srcDoc={m.html}
            sandbox=""
            className="mt-3 h-[40rem] w-full rounded-2xl border border-border bg-white"
          />
        </section>
        <section aria-labelledby="text-heading" className="min-w-0">
          <h2 id="text-heading" className="text-xl font-bold">
            Plain text
          </h2>
          <pre
            tabIndex={0}
            aria-labelledby="text-heading"
            className="card mt-3 max-h-[40rem] overflow-auto p-4 font-mono text-sm leading-6 whitespace-pre-wrap
              break-words"
          >
            {m.text}
          </pre>
        </section>
      </div>
    </div>
  );
}
