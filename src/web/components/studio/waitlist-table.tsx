import { Send, Trash2 } from "lucide-react";
import { useEffect } from "react";
import { Form, Link, useNavigation } from "react-router";
import { formatEventDateTime, formatNumericDate } from "~/lib/format";
import type { HostWaitlistRow } from "~/services/host-waitlists";
import { waitlistMessages } from "~/texts/waitlist-messages";
import { FormMessage } from "~/web/components/ui/field";
import { toast } from "~/web/components/ui/toast";
import { useAskFirst } from "~/web/lib/use-ask-first";
import { useHydrated } from "~/web/lib/use-hydrated";
import { type DataColumn, dataColumnHelper, DataTable, type SortParam } from "./data-table";

/*
 * A waitlist as Partner Studio shows it (issue 20): the master list /h/waitlists and an event's
 * Waitlist tab share this table (spec §3's EventWaitList, whose columns the browser remembers), its
 * row actions (an offer by hand, asked first; a removal, asked first) and how an answer is shown.
 */

/** A row as the loader sends it (dates arrive as dates: React Router keeps them). */
export type WaitlistRow = HostWaitlistRow;
type WaitlistStatus = WaitlistRow["status"];

const m = waitlistMessages;
const places = (n: number) => (n === 1 ? "1 place" : `${n} places`);

const TONES: Record<WaitlistStatus, string> = {
  waiting: "bg-surface-2 text-fg",
  offered: "bg-brand-soft text-brand",
  purchased: "bg-success/10 text-success",
  lapsed: "bg-warning-soft text-warning",
  left: "border border-border text-fg-muted",
  removed: "border border-border text-fg-muted",
};

/** What became of the person's wait, in words (never colour alone), and the detail under it. */
function StatusCell({ row }: { row: WaitlistRow }) {
  const offer = row.offer;
  const detail =
    row.status === "waiting"
      ? `No. ${row.position} in line`
      : row.status === "offered" && offer
        ? `${places(offer.places)} until ${offer.expiresAt ? formatEventDateTime(offer.expiresAt) : "—"}` +
          (offer.emailed ? "" : " · email on its way")
        : row.status === "purchased"
          ? `Bought ${formatEventDateTime(row.updatedAt)}`
          : row.status === "lapsed"
            ? offer
              ? `${places(offer.places)} offered ${formatEventDateTime(offer.offeredAt)}`
              : `Ended ${formatEventDateTime(row.updatedAt)}`
            : row.status === "left" && offer
              ? `Turned the offer down ${formatEventDateTime(row.updatedAt)}`
              : `${row.status === "removed" ? "By you, " : ""}${formatEventDateTime(row.updatedAt)}`;
  const problem = row.handOffer && "problem" in row.handOffer ? row.handOffer.problem : null;
  return (
    <span className="flex flex-col items-start gap-1">
      <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[row.status]}`}>
        {m.status[row.status]}
      </span>
      <span className={`text-xs text-fg-muted ${row.status === "waiting" ? "whitespace-nowrap" : ""}`}>{detail}</span>
      {problem ? <span className="max-w-64 text-xs text-fg-muted">{problem}</span> : null}
    </span>
  );
}

/** What an offer by hand will do, asked before it is sent. */
function offerQuestion(row: WaitlistRow) {
  const plan = row.handOffer;
  if (!plan || "problem" in plan) return null;
  const more =
    plan.add > 0
      ? m.offer.adds(plan.add, plan.quantity, plan.ticketTypeName)
      : plan.seated && plan.quantity < plan.wanted
        ? m.offer.fewerSeats(plan.quantity, plan.wanted)
        : "";
  return {
    title: m.offer.title(row.name, plan.quantity),
    description: [m.offer.held(row.name, plan.hours), more].filter(Boolean).join(" "),
    confirmLabel: m.offer.confirm,
  };
}

function RowActions({ row }: { row: WaitlistRow }) {
  const busy = useNavigation().state !== "idle";
  const askFirst = useAskFirst();
  const question = offerQuestion(row);
  const plan = row.handOffer && !("problem" in row.handOffer) ? row.handOffer : null;
  if (row.status !== "waiting" && row.status !== "offered") return null;
  return (
    <div className="flex items-center justify-end gap-1">
      {question && plan ? (
        <Form method="post" onSubmit={askFirst(question)}>
          <input type="hidden" name="intent" value="offer" />
          <input type="hidden" name="target" value={row.id} />
          <input type="hidden" name="mayAdd" value={plan.add} />
          <button type="submit" className="btn-secondary min-h-10 px-3 whitespace-nowrap" disabled={busy}>
            <Send aria-hidden className="size-4" /> {m.offer.button}
            <span className="sr-only"> to {row.name}</span>
          </button>
        </Form>
      ) : null}
      <Form
        method="post"
        onSubmit={askFirst({
          title: m.remove.title(row.name),
          description: m.remove.description(row.status === "offered"),
          confirmLabel: m.remove.button,
          tone: "danger",
        })}
      >
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="target" value={row.id} />
        <button type="submit" className="btn-ghost min-h-10 px-3 text-danger" disabled={busy}>
          <Trash2 aria-hidden className="size-4" />
          <span className="sr-only">
            {m.remove.button} {row.name}
          </span>
        </button>
      </Form>
    </div>
  );
}

const col = dataColumnHelper<WaitlistRow>();

const COLUMNS: DataColumn<WaitlistRow>[] = [
  col.accessor("name", {
    header: "Name",
    meta: { label: "Name", primary: true },
    enableHiding: false,
    cell: (c) => (
      <span>
        {c.getValue()}
        <span className="block text-xs font-normal text-fg-muted [overflow-wrap:anywhere]">{c.row.original.email}</span>
      </span>
    ),
  }),
  col.accessor("eventName", {
    id: "event",
    header: "Event",
    meta: { label: "Event" },
    cell: (c) => (
      <Link to={`/h/events/${c.row.original.eventId}/edit/waitlist`} className="link">
        {c.getValue()}
        <span className="block text-xs text-fg-muted">{formatNumericDate(c.row.original.startsAt)}</span>
      </Link>
    ),
  }),
  col.accessor("quantity", {
    header: "Places",
    meta: { label: "Places wanted", numeric: true },
    enableSorting: false,
  }),
  col.accessor("joinedAt", {
    id: "joined",
    header: "Joined",
    meta: { label: "Joined" },
    cell: (c) => formatEventDateTime(c.getValue()),
  }),
  col.display({
    id: "status",
    header: "Status",
    meta: { label: "Status" },
    enableSorting: false,
    cell: (c) => <StatusCell row={c.row.original} />,
  }),
  col.display({
    id: "actions",
    header: "Actions",
    meta: { label: "Actions", actions: true },
    enableHiding: false,
    enableSorting: false,
    cell: (c) => <RowActions row={c.row.original} />,
  }),
];
/** On an event's own tab, the event goes without saying. */
const EVENT_COLUMNS = COLUMNS.filter((c) => c.id !== "event");

interface WaitlistTableProps {
  caption: string;
  rows: WaitlistRow[];
  /** Whether rows come from more than one event (the master list). */
  withEvent: boolean;
  sort: SortParam;
  sortHref: (sort: SortParam) => string;
  page: number;
  pages: number;
  pageSize: number;
  total: number;
  pageHref: (page: number) => string;
  toolbar: React.ReactNode;
  empty: React.ReactNode;
}

export function WaitlistTable(props: WaitlistTableProps) {
  return (
    <DataTable
      tableId="EventWaitList"
      caption={props.caption}
      columns={props.withEvent ? COLUMNS : EVENT_COLUMNS}
      data={props.rows}
      getRowId={(row) => row.id}
      sort={props.sort}
      sortHref={props.sortHref}
      page={props.page}
      pageCount={props.pages}
      pageSize={props.pageSize}
      rowCount={props.total}
      pageHref={props.pageHref}
      toolbar={props.toolbar}
      empty={props.empty}
    />
  );
}

/** Sort choices for phones, which have no column headers to press. */
export const WAITLIST_SORT_OPTIONS = [
  { value: "event", label: "Event, soonest first" },
  { value: "joined", label: "Joined, earliest first" },
  { value: "-joined", label: "Joined, latest first" },
  { value: "name", label: "Name, A to Z" },
];

export const WAITLIST_FILTER_OPTIONS = Object.entries(m.filters).map(([value, label]) => ({ value, label }));

/** An action's answer: a toast once the page runs, and the same words in the page before it does. */
export function WaitlistAnswer({ answer }: { answer: unknown }) {
  const hydrated = useHydrated();
  const ok = answer && typeof answer === "object" && "ok" in answer ? (answer as { ok: string; at: number }) : null;
  const refused =
    answer && typeof answer === "object" && "error" in answer ? (answer as { error: string }).error : null;
  useEffect(() => {
    if (ok) toast.success(ok.ok);
  }, [ok]);
  return (
    <>
      {ok && !hydrated ? <FormMessage tone="success">{ok.ok}</FormMessage> : null}
      {refused ? <FormMessage>{refused}</FormMessage> : null}
    </>
  );
}
