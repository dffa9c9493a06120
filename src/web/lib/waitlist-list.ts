import { z } from "zod";
import { WAITLIST_FILTERS, WAITLIST_SORTS, type WaitlistFilter, type WaitlistSort } from "~/domain/waitlist-list";
import { field } from "~/lib/read-form";
import { isUuid } from "~/lib/uuid";
import { type SortParam, sortParam } from "~/web/components/studio/data-table";
import { pageParam } from "~/web/components/ui/pagination";

/**
 * A waitlist's state in the address (the master list /h/waitlists, an event's Waitlist tab, and the
 * CSV file of either): what was searched, which event, which states, the order, the page.
 */
export interface WaitlistListState {
  q: string;
  event: string;
  status: WaitlistFilter;
  sort: SortParam;
  page: number;
}

/** The address's query read for a list whose own order is `defaultSort` (anything unknown falls back). */
export function waitlistListQuery(defaultSort: SortParam) {
  return z.object({
    q: field.text(200).transform((v) => v.trim()),
    event: z
      .string()
      .default("")
      .transform((v) => (isUuid(v) ? v : "")),
    status: z
      .string()
      .default("")
      .transform((v): WaitlistFilter =>
        (WAITLIST_FILTERS as readonly string[]).includes(v) ? (v as WaitlistFilter) : "open",
      ),
    sort: z
      .string()
      .default("")
      .transform((value): SortParam => {
        const id = value.replace(/^-/, "");
        return (WAITLIST_SORTS as readonly string[]).includes(id) ? { id, desc: value.startsWith("-") } : defaultSort;
      }),
    page: z
      .string()
      .default("")
      .transform((value) => pageParam(value)),
  });
}

/** The service's query for a list's state. */
export const serviceQuery = (state: WaitlistListState, eventId: string | null) => ({
  search: state.q,
  page: state.page,
  eventId,
  filter: state.status,
  sort: state.sort.id as WaitlistSort,
  dir: state.sort.desc ? ("desc" as const) : ("asc" as const),
});

/** The address of a list at `base` in this state (defaults left out, so the plain address is the default). */
export function waitlistHref(base: string, state: Partial<WaitlistListState>, defaultSort: SortParam): string {
  const params = new URLSearchParams();
  if (state.q) params.set("q", state.q);
  if (state.event) params.set("event", state.event);
  if (state.status && state.status !== "open") params.set("status", state.status);
  if (state.sort && sortParam(state.sort) !== sortParam(defaultSort)) params.set("sort", sortParam(state.sort));
  if (state.page && state.page > 1) params.set("page", String(state.page));
  const query = params.toString();
  return query ? `${base}?${query}` : base;
}
