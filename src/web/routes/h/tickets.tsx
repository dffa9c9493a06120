import { CheckCircle2 } from "lucide-react";
import { data, Link, useNavigation } from "react-router";
import { z } from "zod";
import { CANCEL_FAILED } from "~/domain/cancellation";
import { isSoldTicketState, type SoldTicketState } from "~/domain/sales-desk";
import { field, parseQuery, readForm } from "~/lib/read-form";
import { formatMoney } from "~/lib/format";
import { isUuid } from "~/lib/uuid";
import { approveCancellation, declineCancellation, hostCancellationRequests } from "~/services/decide-cancellation";
import { setTicketCapacity } from "~/services/edit-ticket-types";
import { guestListEvents } from "~/services/guest-list";
import { hostEventStock, setWaitlistOfferHours } from "~/services/host-events";
import { listSoldTickets, SOLD_TICKETS_PAGE_SIZE, soldTicketTypes } from "~/services/sales-desk";
import { CancellationRequests } from "~/web/components/studio/cancellation-requests";
import type { SortParam } from "~/web/components/studio/data-table";
import { PlacesAndWaitlists } from "~/web/components/studio/places-and-waitlists";
import { SOLD_DEFAULT_SORT, SOLD_SORTS, SoldTickets } from "~/web/components/studio/sold-tickets";
import { pageParam } from "~/web/components/ui/pagination";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import { actionError } from "~/web/lib/action-error";
import type { Route } from "./+types/tickets";
import { useCurrentInView } from "~/web/lib/use-current-in-view";

export const handle = { title: "Tickets" };
export const meta: Route.MetaFunction = () => [
  { title: "Tickets · Partner Studio · Ticketyboo" },
  { name: "description", content: "Tickets sold for your events, their orders and cancellation requests." },
  { name: "robots", content: "noindex" },
];

const VIEWS = ["sold", "requests", "places"] as const;
type View = (typeof VIEWS)[number];

/**
 * The desk's state in the address: which view; for the sold list what was searched, the filters,
 * the order and the page (the places view pages its events with `page` too).
 */
const DeskQuery = z.object({
  view: z
    .string()
    .default("")
    .transform((v): View => ((VIEWS as readonly string[]).includes(v) ? (v as View) : "sold")),
  q: field.text(200),
  event: z
    .string()
    .default("")
    .transform((v) => (isUuid(v) ? v : "")),
  type: z
    .string()
    .default("")
    .transform((v) => (isUuid(v) ? v : "")),
  state: z
    .string()
    .default("")
    .transform((v): SoldTicketState | "" => (isSoldTicketState(v) ? v : "")),
  sort: z
    .string()
    .default("")
    .transform((value): SortParam => {
      const id = value.replace(/^-/, "");
      return (SOLD_SORTS as readonly string[]).includes(id) ? { id, desc: value.startsWith("-") } : SOLD_DEFAULT_SORT;
    }),
  page: z
    .string()
    .default("")
    .transform((value) => pageParam(value)),
});

export async function loader({ context, request }: Route.LoaderArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const now = new Date();
  const db = context.database.db;
  const read = parseQuery(request.url, DeskQuery);
  if (!read.ok) throw data(read.error.message, { status: 400 });
  const { view, q, sort, page } = read.data;
  const requests = await hostCancellationRequests(db, { hostId });
  const waiting = requests.pending.length;
  if (view === "requests") return { view, waiting, requests, now };
  if (view === "places") return { view, waiting, stock: await hostEventStock(db, { hostId, now, page }), now };

  const events = await guestListEvents(db, { hostId });
  // An event that isn't the host's (or no longer is) shows every event's tickets; a type, its event's.
  const event = events.some((e) => e.id === read.data.event) ? read.data.event : "";
  const types = event ? await soldTicketTypes(db, { hostId, eventId: event }) : [];
  const type = types.some((t) => t.id === read.data.type) ? read.data.type : "";
  const state = read.data.state;
  const list = await listSoldTickets(db, {
    hostId,
    query: {
      search: q.trim(),
      eventId: event || null,
      ticketTypeId: type || null,
      state: state || null,
      page,
      sort: sort.id as (typeof SOLD_SORTS)[number],
      dir: sort.desc ? "desc" : "asc",
    },
  });
  return {
    view,
    waiting,
    sold: { list, state: { q: q.trim(), event, type, state, sort }, events, types },
    pageSize: SOLD_TICKETS_PAGE_SIZE,
    now,
  };
}

/**
 * The page's forms, one per intent; `target` is the row each acts on (a request, an event, a ticket
 * type), so a refusal is shown beside that row. Ranges are the services' rules, which name the field.
 */
const HostTicketsForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), target: field.text(), refund: field.text() }),
  z.object({ intent: z.literal("decline"), target: field.text(), message: field.text() }),
  z.object({ intent: z.literal("offer-hours"), target: field.text(), hours: field.number(z.number()) }),
  z.object({ intent: z.literal("capacity"), target: field.text(), capacity: field.number(z.number()) }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const { hostId, user } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const db = context.database.db;
  const read = await readForm(request, HostTicketsForm);
  if (!read.ok) return actionError(read.error, { extra: { target: read.values.target ?? "" } });
  const form = read.data;
  const { target } = form;
  const now = new Date();
  try {
    if (form.intent === "approve") {
      const result = await approveCancellation(db, context.payments, {
        requestId: target,
        hostId,
        decidedBy: user.id,
        refund: form.refund,
        now,
      });
      if (result.outcome === "in_progress") return { ok: "That refund is already being made." };
      return {
        ok:
          result.refundPence > 0
            ? `Cancelled and refunded ${formatMoney(result.refundPence, result.currency)}. The places are back on sale.`
            : "Cancelled. The places are back on sale.",
      };
    }
    if (form.intent === "decline") {
      await declineCancellation(db, { requestId: target, hostId, decidedBy: user.id, message: form.message, now });
      return { ok: "Declined. We've let the buyer know." };
    }
    if (form.intent === "offer-hours") {
      await setWaitlistOfferHours(db, { eventId: target, hostId, hours: form.hours });
      return { ok: "Saved the offer window." };
    }
    if (form.intent === "capacity") {
      const { offered } = await setTicketCapacity(db, {
        ticketTypeId: target,
        hostId,
        capacity: form.capacity,
        now,
      });
      return {
        ok:
          offered.length > 0
            ? `Saved. ` +
              `${offered.length === 1 ? "The first person waiting has" : `${offered.length} people waiting have`} ` +
              `been offered places.`
            : "Saved the capacity.",
      };
    }
  } catch (error) {
    return actionError(error, { extra: { target }, words: { payment_failed: CANCEL_FAILED } });
  }
}

const TABS: { view: View; label: string; href: string }[] = [
  { view: "sold", label: "Sold", href: "/h/tickets" },
  { view: "requests", label: "Cancellation requests", href: "/h/tickets?view=requests" },
  { view: "places", label: "Places and waitlists", href: "/h/tickets?view=places" },
];

export default function HostTickets({ loaderData, actionData }: Route.ComponentProps) {
  const { view, waiting } = loaderData;
  const busy = useNavigation().state !== "idle";
  const errorFor = (target: string) =>
    actionData && "error" in actionData && actionData.target === target ? actionData.error : null;

  const row = useCurrentInView<HTMLElement>();
  return (
    <div className="py-6 laptop:py-8">
      <h1 className="text-3xl font-extrabold tracking-tight">Tickets</h1>
      <p className="mt-1 max-w-2xl text-fg-muted">
        Every ticket sold for your events: find an order, check its answers and resend its tickets. Decide cancellation
        requests, and manage places and waitlists.
      </p>
      <nav
        ref={row}
        aria-label="Ticket sections"
        className="-mx-1 mt-5 overflow-x-auto scroll-fade border-b border-border"
      >
        <ul className="flex min-w-max gap-1 px-1">
          {TABS.map((tab) => (
            <li key={tab.view}>
              <Link
                to={tab.href}
                aria-current={tab.view === view ? "page" : undefined}
                className={`inline-flex min-h-11 items-center gap-2 border-b-2 px-3 text-sm font-medium ${
                  tab.view === view ? "border-brand text-brand" : "border-transparent text-fg-muted hover:text-fg"
                }`}
              >
                {tab.label}
                {tab.view === "requests" && waiting > 0 ? (
                  <span className="rounded-full bg-brand-strong px-2 py-0.5 text-xs font-bold text-on-brand">
                    {waiting}
                    <span className="sr-only"> waiting</span>
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {actionData && "ok" in actionData ? (
        <p
          role="status"
          className="mt-4 flex items-center gap-2 rounded-xl bg-success/10 px-4 py-3 text-sm font-medium text-success"
        >
          <CheckCircle2 aria-hidden className="size-4" /> {actionData.ok}
        </p>
      ) : null}
      {loaderData.view === "requests" ? (
        <CancellationRequests requests={loaderData.requests} busy={busy} errorFor={errorFor} />
      ) : loaderData.view === "places" ? (
        <PlacesAndWaitlists stock={loaderData.stock} busy={busy} errorFor={errorFor} />
      ) : (
        <>
          {waiting > 0 ? (
            <p className="mt-4 rounded-xl bg-warning-soft px-4 py-3 text-sm text-warning">
              {waiting === 1 ? "1 cancellation request is" : `${waiting} cancellation requests are`} waiting for your
              decision.{" "}
              <Link to="/h/tickets?view=requests" className="font-semibold underline">
                Decide now
              </Link>
            </p>
          ) : null}
          <SoldTickets
            list={loaderData.sold.list}
            state={loaderData.sold.state}
            events={loaderData.sold.events}
            types={loaderData.sold.types}
            pageSize={loaderData.pageSize}
          />
        </>
      )}
    </div>
  );
}
