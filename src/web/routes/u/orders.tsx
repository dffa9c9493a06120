import { ChevronRight, Compass, Download, Receipt } from "lucide-react";
import { Link } from "react-router";
import { formatMoney, formatShortDate } from "~/lib/format";
import { listMyOrders, type MyOrder } from "~/services/list-my-orders";
import { Pagination, pageParam } from "~/web/components/ui/pagination";
import { requireUser } from "~/web/lib/signed-in.server";
import type { Route } from "./+types/orders";

export const handle = { title: "My Orders" };
export const meta: Route.MetaFunction = () => [
  { title: "My orders · Ticketyboo" },
  {
    name: "description",
    content: "Your Ticketyboo orders: what you paid, your receipts and any cancellation requests.",
  },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const page = pageParam(new URL(request.url).searchParams.get("page"));
  return listMyOrders(context.database.db, { userId: user.id, page });
}

export default function MyOrders({ loaderData }: Route.ComponentProps) {
  const { orders, page, pages, total } = loaderData;
  return (
    <div className="container-page max-w-4xl py-8 laptop:py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">My orders</h1>
      <p className="mt-1 text-fg-muted">
        {total > 0
          ? `Every order you've placed${total > 1 ? ` (${total})` : ""}, newest first, each with a receipt to download.`
          : "Every order you place is kept here, with a receipt to download."}
      </p>
      {orders.length > 0 ? (
        <>
          <ul className="mt-6 space-y-3">
            {orders.map((o) => (
              <OrderRow key={o.reference} order={o} />
            ))}
          </ul>
          <Pagination
            page={page}
            pageCount={pages}
            hrefFor={(p) => (p === 1 ? "/u/orders" : `/u/orders?page=${p}`)}
            label="Order pages"
          />
        </>
      ) : (
        <div className="card mt-6 p-8 text-center">
          <Receipt aria-hidden className="mx-auto size-8 text-fg-muted" />
          <p className="mt-3 font-semibold">No orders yet</p>
          <p className="mx-auto mt-1 max-w-sm text-sm text-fg-muted">
            When you book tickets, the order and its receipt appear here. Tickets a friend sends you are in My tickets.
          </p>
          <Link to="/" className="btn-primary mt-5">
            <Compass aria-hidden className="size-4" /> Find something to do
          </Link>
        </div>
      )}
    </div>
  );
}

const standingClass: Record<MyOrder["standing"], string> = {
  Paid: "bg-success/10 text-success",
  Booked: "bg-success/10 text-success",
  "Refund asked for": "bg-warning-soft text-warning",
  "Partly refunded": "bg-surface-2 text-fg",
  Refunded: "bg-surface-2 text-fg",
  Cancelled: "bg-surface-2 text-fg-muted",
};

function OrderRow({ order: o }: { order: MyOrder }) {
  const money = (p: number) => formatMoney(p, o.currency);
  return (
    <li className="card flex flex-wrap items-center gap-x-4 gap-y-3 p-4">
      <Link
        to={`/orders/${o.reference}`}
        className="group flex min-w-0 flex-1 basis-64 items-center gap-3"
        aria-label={`Order ${o.reference}: ${o.event.name}`}
      >
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold group-hover:underline">{o.event.name}</span>
          <span className="block text-sm text-fg-muted">
            {formatShortDate(o.event.startsAt)}
            {o.event.where ? ` · ${o.event.where}` : ""}
          </span>
          <span className="mt-1 block text-xs text-fg-muted">
            Order <span className="font-mono font-semibold text-fg">{o.reference}</span> · placed{" "}
            {formatShortDate(o.placedAt)} · {o.tickets === 1 ? "1 ticket" : `${o.tickets} tickets`}
          </span>
        </span>
        <ChevronRight aria-hidden className="size-4 shrink-0 text-fg-muted" />
      </Link>
      <div className="flex items-center gap-3">
        <span className="text-right">
          <span className="block font-semibold">{o.totalPence === 0 ? "Free" : money(o.totalPence)}</span>
          {o.refundedPence > 0 ? (
            <span className="block text-xs text-fg-muted">{money(o.refundedPence)} refunded</span>
          ) : null}
        </span>
        <span className={`rounded-full px-2.5 py-1 text-xs font-semibold ${standingClass[o.standing]}`}>
          {o.standing}
        </span>
        <a
          href={`/orders/${o.reference}/receipt`}
          download
          className="btn-secondary min-h-10 text-sm"
          aria-label={`Receipt for ${o.reference} (PDF)`}
        >
          <Download aria-hidden className="size-4" /> Receipt
        </a>
      </div>
    </li>
  );
}
