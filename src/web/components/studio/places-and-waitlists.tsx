import { ListOrdered, Users } from "lucide-react";
import { Form, Link } from "react-router";
import { formatEventDateTime } from "~/lib/format";
import type { hostEventStock } from "~/services/host-events";
import { Pagination } from "~/web/components/ui/pagination";

type Stock = Awaited<ReturnType<typeof hostEventStock>>;

/**
 * The sales desk's places and waitlists (/h/tickets?view=places): each upcoming event's ticket
 * types with what is sold and held and a capacity to change, and how long a freed place is held
 * for the next person waiting. `errorFor` is the action's refusal for one row.
 */
export function PlacesAndWaitlists({
  stock,
  busy,
  errorFor,
}: {
  stock: Stock;
  busy: boolean;
  errorFor: (target: string) => string | null;
}) {
  const { events, page, pages, total } = stock;
  return (
    <section aria-labelledby="events-heading" className="mt-8">
      <h2 id="events-heading" className="flex items-center gap-2 text-xl font-bold">
        <ListOrdered aria-hidden className="size-5 text-brand" /> Places and waitlists
        {total > 0 ? <span className="text-sm font-medium text-fg-muted">({total} upcoming)</span> : null}
      </h2>
      {events.length === 0 ? (
        <p className="card mt-4 p-6 text-center text-sm text-fg-muted">
          No upcoming events. Your published events appear here.
        </p>
      ) : (
        <ul className="mt-4 space-y-4">
          {events.map((e) => (
            <li key={e.id} className="card p-5">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="text-lg font-bold">
                  <Link to={`/events/${e.slug}`} className="hover:underline">
                    {e.name}
                  </Link>
                </h3>
                <p className="text-sm text-fg-muted">{formatEventDateTime(e.startsAt)}</p>
              </div>
              {/* Fixed columns, so every event's table lines up with the next. */}
              <table className="mt-3 w-full table-fixed text-sm">
                <caption className="sr-only">Ticket types for {e.name}</caption>
                <colgroup>
                  <col />
                  <col className="w-11 tablet:w-20" />
                  <col className="w-12 tablet:w-28" />
                  <col className="w-[8.25rem] tablet:w-48" />
                </colgroup>
                <thead className="text-left text-xs text-fg-muted uppercase">
                  <tr>
                    <th scope="col" className="py-1 pr-2 font-semibold">
                      Ticket
                    </th>
                    <th scope="col" className="py-1 pr-2 font-semibold">
                      Sold
                    </th>
                    <th scope="col" className="py-1 pr-2 font-semibold">
                      <span className="tablet:hidden">Held</span>
                      <span className="hidden tablet:inline">At checkout</span>
                    </th>
                    <th scope="col" className="py-1 font-semibold">
                      Capacity
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-border">
                  {e.tickets.map((t) => (
                    <tr key={t.id}>
                      <td className="py-2 pr-2 break-words">{t.name}</td>
                      <td className="py-2 pr-2 tabular-nums">{t.sold}</td>
                      <td className="py-2 pr-2 tabular-nums">{t.held}</td>
                      <td className="py-2">
                        <Form method="post" className="flex items-center gap-2">
                          <input type="hidden" name="intent" value="capacity" />
                          <input type="hidden" name="target" value={t.id} />
                          <label htmlFor={`capacity-${t.id}`} className="sr-only">
                            Capacity of {t.name}
                          </label>
                          <input
                            id={`capacity-${t.id}`}
                            name="capacity"
                            type="number"
                            aria-invalid={errorFor(t.id) ? true : undefined}
                            aria-describedby={errorFor(t.id) ? `capacity-error-${t.id}` : undefined}
                            min={t.sold + t.held}
                            max={100000}
                            defaultValue={t.capacity}
                            className="h-10 w-[4.5rem] min-w-0 rounded-xl tablet:w-24 border border-border
                            bg-surface px-2 tabular-nums"
                          />
                          <button type="submit" className="btn-secondary min-h-10 px-3 text-sm" disabled={busy}>
                            Save
                          </button>
                        </Form>
                        {errorFor(t.id) ? (
                          <p
                            id={`capacity-error-${t.id}`}
                            role="alert"
                            className="mt-1 text-xs font-medium text-danger"
                          >
                            {errorFor(t.id)}
                          </p>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <div
                className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-border pt-3
              text-sm"
              >
                <p className="flex items-center gap-2">
                  <Users aria-hidden className="size-4 text-brand" />{" "}
                  {e.waiting === 0
                    ? "Nobody on the waitlist"
                    : e.waiting === 1
                      ? "1 person on the waitlist"
                      : `${e.waiting} people on the waitlist`}
                </p>
                <Form method="post" className="flex flex-wrap items-center gap-2">
                  <input type="hidden" name="intent" value="offer-hours" />
                  <input type="hidden" name="target" value={e.id} />
                  <label htmlFor={`hours-${e.id}`}>Hold freed places for</label>
                  <input
                    id={`hours-${e.id}`}
                    name="hours"
                    type="number"
                    aria-invalid={errorFor(e.id) ? true : undefined}
                    aria-describedby={errorFor(e.id) ? `hours-error-${e.id}` : undefined}
                    min={1}
                    max={168}
                    defaultValue={e.waitlistOfferHours}
                    className="h-10 w-20 rounded-xl border border-border bg-surface px-2 tabular-nums"
                  />
                  <span>hours</span>
                  <button type="submit" className="btn-secondary min-h-10 px-3 text-sm" disabled={busy}>
                    Save
                  </button>
                </Form>
              </div>
              {errorFor(e.id) ? (
                <p id={`hours-error-${e.id}`} role="alert" className="mt-1 text-xs font-medium text-danger">
                  {errorFor(e.id)}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        pageCount={pages}
        hrefFor={(p) => (p === 1 ? "/h/tickets?view=places" : `/h/tickets?view=places&page=${p}`)}
        label="Event pages"
      />
    </section>
  );
}
