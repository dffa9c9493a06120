import { ChevronRight, QrCode } from "lucide-react";
import { Link } from "react-router";
import { formatMoney } from "~/lib/format";
import { messages } from "~/texts/messages";
import type { TicketGroup, TicketPaid } from "~/services/list-my-tickets";
import { EventCard } from "~/web/components/events/event-card";

/**
 * A person's tickets for each event: the event's card (spec §2), then the tickets themselves, each
 * a link to its page with the QR code, and what the person gave for it. Used by My Tickets and the dashboard.
 */
export function TicketGroups({ groups, now }: { groups: TicketGroup[]; now: Date }) {
  return (
    <ul className="grid grid-cols-1 gap-5 tablet:grid-cols-2 laptop:grid-cols-3">
      {groups.map((g) => (
        <li key={g.event.id} className="flex flex-col">
          <EventCard event={g.event} now={now} held />
          <section aria-label={`Your tickets for ${g.event.name}`} className="card mt-2 p-2">
            <p className="px-2 pt-1 text-xs font-semibold tracking-wide text-fg-muted uppercase">
              {g.tickets.length === 1 ? "1 ticket" : `${g.tickets.length} tickets`}
            </p>
            <ul>
              {g.tickets.map((t, i) => (
                <li key={t.id}>
                  <Link
                    to={`/u/tickets/${t.id}`}
                    className="flex min-h-11 items-center gap-3 rounded-xl px-2 py-2 text-sm hover:bg-surface-2"
                  >
                    <QrCode aria-hidden className="size-5 shrink-0 text-brand" />
                    <span className="min-w-0 flex-1">
                      <span className="font-medium">
                        {/* Counted down this list: two orders' tickets for one event would each have a "Ticket 1". */}
                        {g.tickets.length > 1 ? `Ticket ${i + 1}: ${t.typeName}` : t.typeName}
                      </span>
                      {t.seat !== null ? <span className="text-fg-muted"> · Seat {t.seat}</span> : null}
                      {t.status === "checked_in" ? <span className="text-fg-muted"> · Used</span> : null}
                    </span>
                    <span className="shrink-0 text-fg-muted">{paidLabel(t.paid)}</span>
                    <ChevronRight aria-hidden className="size-4 text-fg-muted" />
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </li>
      ))}
    </ul>
  );
}

/** What the person gave for a ticket: '£10.10', 'Free' or 'From a friend'. */
function paidLabel(paid: TicketPaid): string {
  if (paid.kind === "from-a-friend") return messages.held.fromAFriend;
  if (paid.kind === "free") return messages.held.free;
  return formatMoney(paid.minor, paid.currency);
}
