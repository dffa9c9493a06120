import { ArrowLeft, ExternalLink } from "lucide-react";
import { data, Link } from "react-router";
import { linksInEmail } from "~/lib/email-links";
import { getEmailMessage } from "~/services/list-email-messages";
import { EmailStatusBadge, formatEmailTime } from "../../components/email-status";
import type { Route } from "./+types/outbox.$id";

export const handle = { title: "Email" };
export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: `${loaderData?.subject ?? "Email"} · Dev outbox · Ticketyboo` },
  { name: "robots", content: "noindex" },
];

/** One stored email: its details, its links as ordinary links, the HTML as sent and the plain text. */
export async function loader({ context, params }: Route.LoaderArgs) {
  if (!context.devRoutes) throw data(null, { status: 404 });
  const message = await getEmailMessage(context.database.db, params.id);
  if (!message) throw data(null, { status: 404 });
  return {
    id: message.id,
    subject: message.subject,
    toAddress: message.toAddress,
    template: message.template,
    transport: message.transport,
    status: message.status,
    attempts: message.attempts,
    lastError: message.lastError,
    createdAt: message.createdAt.toISOString(),
    createdLabel: formatEmailTime(message.createdAt),
    sentLabel: message.sentAt ? formatEmailTime(message.sentAt) : null,
    html: message.html,
    text: message.text,
    links: linksInEmail(message.html),
    attachments: message.attachments.map((a, i) => ({ index: i, label: a.kind === "order-tickets" ? "Tickets (PDF, made as the email is sent)" : a.kind })),
    headers: Object.entries(message.headers),
  };
}

export default function OutboxMessage({ loaderData: m }: Route.ComponentProps) {
  return (
    <div className="container-page py-8 laptop:py-10">
      <Link to="/dev/outbox" className="link inline-flex items-center gap-1 text-sm">
        <ArrowLeft aria-hidden className="size-4" /> Back to the outbox
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
                    <a href={`/dev/outbox/${m.id}/attachment/${a.index}`} className="link" download>
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
                {link.text !== link.href ? <p className="mt-1 font-mono text-xs break-all text-fg-muted">{link.href}</p> : null}
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
          <pre tabIndex={0} aria-labelledby="text-heading" className="card mt-3 max-h-[40rem] overflow-auto p-4 font-mono text-sm leading-6 whitespace-pre-wrap break-words">{m.text}</pre>
        </section>
      </div>
    </div>
  );
}
