import { Archive, ArchiveRestore, Copy, Pencil, Trash2 } from "lucide-react";
import { Form } from "react-router";
import { TRACKING_LINK_NAME_MAX } from "~/domain/promote";
import type { FieldErrors } from "~/lib/error-table";
import { formatAmount } from "~/lib/format";
import { FormMessage, TextField } from "~/web/components/ui/field";
import { toast } from "~/web/components/ui/toast";
import { useAskFirst } from "~/web/lib/use-ask-first";

export interface TrackingLinkView {
  id: string;
  name: string;
  shortUrl: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  archivedAt: Date | string | null;
  visits: number;
  orders: number;
  tickets: number;
  netPence: number;
}

type Refused = { target: string; formError: string | null; fieldErrors: FieldErrors } | null;

async function copyLink(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast.success("Link copied.");
  } catch {
    toast.error(`Couldn't copy the link. Here it is: ${url}`);
  }
}

/** An event's tracking links: a table of what came through each, with rename, archive and delete. */
export function TrackingLinks({
  links,
  currency,
  limit,
  busy,
  refused,
}: {
  links: TrackingLinkView[];
  currency: string;
  limit: number;
  busy: boolean;
  refused: Refused;
}) {
  const active = links.filter((l) => !l.archivedAt);
  const archived = links.filter((l) => l.archivedAt);
  const total = (pick: (l: TrackingLinkView) => number) => links.reduce((n, l) => n + pick(l), 0);
  if (links.length === 0)
    return (
      <p className="card p-5 text-center text-sm text-fg-muted">
        No tracking links yet. Make one for each place you share the event, then compare what each sells.
      </p>
    );
  return (
    <div className="flex flex-col gap-4">
      {/* Phones: a card per link (the table below needs a tablet's width). */}
      <ul className="flex flex-col gap-3 tablet:hidden" aria-label="Tracking links">
        {[...active, ...archived].map((l) => (
          <li key={l.id} className="card flex flex-col gap-3 p-4">
            <LinkName link={l} refused={refused} />
            <dl className="grid grid-cols-4 gap-2 text-center text-sm">
              {(
                [
                  ["Visits", String(l.visits)],
                  ["Orders", String(l.orders)],
                  ["Tickets", String(l.tickets)],
                  ["Net sales", formatAmount(l.netPence, currency)],
                ] as const
              ).map(([term, value]) => (
                <div key={term} className="rounded-lg bg-surface-2 p-2">
                  <dt className="text-xs text-fg-muted">{term}</dt>
                  <dd className="font-semibold tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
            <LinkActions link={l} busy={busy} refused={refused} />
          </li>
        ))}
      </ul>
      <div className="card hidden overflow-x-auto tablet:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Tracking links and what came through each</caption>
          <thead className="border-b border-border text-xs uppercase tracking-wide text-fg-muted">
            <tr>
              <th scope="col" className="p-3">
                Link
              </th>
              <th scope="col" className="p-3 text-right">
                Visits
              </th>
              <th scope="col" className="p-3 text-right">
                Orders
              </th>
              <th scope="col" className="p-3 text-right">
                Tickets
              </th>
              <th scope="col" className="p-3 text-right">
                Net sales
              </th>
              <th scope="col" className="p-3">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {[...active, ...archived].map((l) => (
              <LinkRow key={l.id} link={l} currency={currency} busy={busy} refused={refused} />
            ))}
          </tbody>
          {links.length > 1 ? (
            <tfoot className="border-t border-border font-semibold">
              <tr>
                <th scope="row" className="p-3">
                  All links
                </th>
                <td className="p-3 text-right tabular-nums">{total((l) => l.visits)}</td>
                <td className="p-3 text-right tabular-nums">{total((l) => l.orders)}</td>
                <td className="p-3 text-right tabular-nums">{total((l) => l.tickets)}</td>
                <td className="p-3 text-right tabular-nums">
                  {formatAmount(
                    total((l) => l.netPence),
                    currency,
                  )}
                </td>
                <td />
              </tr>
            </tfoot>
          ) : null}
        </table>
      </div>
      <p className="text-xs text-fg-muted">
        Net sales: what buyers paid for tickets, less booking fees and refunds. {links.length} of {limit} links used for
        this event.
      </p>
    </div>
  );
}

function LinkRow({
  link,
  currency,
  busy,
  refused,
}: {
  link: TrackingLinkView;
  currency: string;
  busy: boolean;
  refused: Refused;
}) {
  return (
    <tr className={link.archivedAt ? "text-fg-muted" : undefined}>
      <td className="p-3 align-top">
        <LinkName link={link} refused={refused} />
      </td>
      <td className="p-3 text-right align-top tabular-nums">{link.visits}</td>
      <td className="p-3 text-right align-top tabular-nums">{link.orders}</td>
      <td className="p-3 text-right align-top tabular-nums">{link.tickets}</td>
      <td className="p-3 text-right align-top tabular-nums">{formatAmount(link.netPence, currency)}</td>
      <td className="p-3 align-top">
        <LinkActions link={link} busy={busy} refused={refused} />
      </td>
    </tr>
  );
}

/** A link's name, short address (with Copy) and tags, and a refusal of one of its forms. */
function LinkName({ link, refused }: { link: TrackingLinkView; refused: Refused }) {
  const mine = refused?.target === link.id ? refused : null;
  return (
    <div className="min-w-0">
      <span className="block font-semibold text-fg">
        {link.name}
        {link.archivedAt ? <span className="ml-2 text-xs font-normal text-fg-muted">(archived)</span> : null}
      </span>
      <span className="mt-1 flex flex-wrap items-center gap-2">
        <code className="break-all text-xs">{link.shortUrl}</code>
        <button
          type="button"
          className="inline-flex min-h-6 items-center gap-1 text-xs font-semibold text-brand underline"
          onClick={() => void copyLink(link.shortUrl)}
          aria-label={`Copy the link for ${link.name}`}
        >
          <Copy aria-hidden className="size-3" /> Copy
        </button>
      </span>
      <span className="mt-1 block break-all text-xs text-fg-muted">
        utm_source={link.utmSource} · utm_medium={link.utmMedium} · utm_campaign={link.utmCampaign}
      </span>
      {mine?.formError && !mine.fieldErrors.name ? <FormMessage className="mt-2">{mine.formError}</FormMessage> : null}
    </div>
  );
}

/** Rename (a small form that opens in place), archive or restore, and delete while nobody has bought through it. */
function LinkActions({ link, busy, refused }: { link: TrackingLinkView; busy: boolean; refused: Refused }) {
  const askFirst = useAskFirst();
  const mine = refused?.target === link.id ? refused : null;
  return (
    <div className="flex flex-wrap gap-2 tablet:justify-end">
      <details className="group" open={Boolean(mine?.fieldErrors.name)}>
        <summary className="btn-secondary cursor-pointer list-none">
          <Pencil aria-hidden className="size-4" /> Rename<span className="sr-only"> {link.name}</span>
        </summary>
        <Form method="post" className="mt-2 flex flex-col gap-2" noValidate>
          <input type="hidden" name="intent" value="rename" />
          <input type="hidden" name="target" value={link.id} />
          <TextField
            label="New name"
            name="name"
            maxLength={TRACKING_LINK_NAME_MAX}
            defaultValue={link.name}
            error={mine?.fieldErrors.name}
          />
          <button type="submit" className="btn-primary" disabled={busy}>
            Save name
          </button>
        </Form>
      </details>
      <Form method="post">
        <input type="hidden" name="intent" value={link.archivedAt ? "restore" : "archive"} />
        <input type="hidden" name="target" value={link.id} />
        <button type="submit" className="btn-secondary" disabled={busy}>
          {link.archivedAt ? (
            <>
              <ArchiveRestore aria-hidden className="size-4" /> Restore<span className="sr-only"> {link.name}</span>
            </>
          ) : (
            <>
              <Archive aria-hidden className="size-4" /> Archive<span className="sr-only"> {link.name}</span>
            </>
          )}
        </button>
      </Form>
      {link.orders === 0 ? (
        <Form
          method="post"
          onSubmit={askFirst({
            title: `Delete ${link.name}?`,
            description: "Its link stops working and its visits are forgotten.",
            confirmLabel: "Delete",
            tone: "danger",
          })}
        >
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="target" value={link.id} />
          <button type="submit" className="btn-secondary" disabled={busy}>
            <Trash2 aria-hidden className="size-4" /> Delete<span className="sr-only"> {link.name}</span>
          </button>
        </Form>
      ) : null}
    </div>
  );
}
