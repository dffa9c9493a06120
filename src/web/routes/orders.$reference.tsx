import { CalendarDays, CheckCircle2, MapPin, Ticket } from "lucide-react";
import QRCode from "qrcode";
import { data, Link } from "react-router";
import { formatLongDate, formatMoney, formatTimeRange } from "~/lib/format";
import { seatName } from "~/lib/seats";
import { getOrder } from "~/services/get-order";
import { OrderBreakdown, OrderLines } from "~/web/components/booking/order-summary";
import type { Route } from "./+types/orders.$reference";

export const handle = { title: "Your order" };
export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: loaded ? `Order ${loaded.order.reference} · Ticketyboo` : "Order not found · Ticketyboo" }, { name: "robots", content: "noindex" }];

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await getOrder(context.database.db, { reference: params.reference, userId: context.user!.id });
  if (!found) throw data(null, { status: 404 });
  // Each ticket's QR, drawn on the server as SVG: high contrast, sharp at any size, no script.
  const qr = await Promise.all(found.tickets.map((t) => QRCode.toString(t.code, { type: "svg", errorCorrectionLevel: "M", margin: 1, color: { dark: "#000000", light: "#ffffff" } })));
  return { order: found, qr };
}

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const { order: o, qr } = loaderData;
  const money = (p: number) => formatMoney(p, o.currency);
  const refunded = o.status === "refunded";
  return (
    <div className="container-page max-w-4xl py-8 laptop:py-10">
      {refunded ? (
        <div className="card p-6">
          <h1 className="text-2xl font-extrabold">We couldn't book these tickets</h1>
          <p className="mt-2 text-fg-muted">
            Your payment arrived after your hold had ended and the last places had gone, so we've refunded the full {money(o.totalPence)}. Refunds usually arrive within
            5 to 10 working days.
          </p>
          <Link to={`/events/${o.event.slug}`} className="btn-primary mt-4">
            Back to the event
          </Link>
        </div>
      ) : (
        <>
          <p className="inline-flex items-center gap-2 rounded-full bg-success/10 px-3 py-1 text-sm font-semibold text-success">
            <CheckCircle2 aria-hidden className="size-4" /> {o.status === "free" ? "Booked" : "Paid"}
          </p>
          <h1 className="mt-3 text-3xl font-extrabold tracking-tight">You're going to {o.event.name}</h1>
          <p className="mt-1 text-fg-muted">
            Order <strong className="text-fg">{o.reference}</strong> · We've emailed your tickets to {o.buyerEmail}.
          </p>

          <section aria-labelledby="event-heading" className="card mt-6 grid gap-4 p-5 tablet:grid-cols-2">
            <h2 id="event-heading" className="sr-only">
              The event
            </h2>
            <p className="flex gap-3 text-sm">
              <CalendarDays aria-hidden className="size-5 shrink-0 text-brand" />
              <span>
                <strong>{formatLongDate(o.event.startsAt)}</strong>
                <br />
                {formatTimeRange(o.event.startsAt, o.event.endsAt)} (UK time)
              </span>
            </p>
            <p className="flex gap-3 text-sm">
              <MapPin aria-hidden className="size-5 shrink-0 text-brand" />
              <span>
                {o.event.venue ? (
                  <>
                    <strong>{o.event.venue.name}</strong>
                    <br />
                    {o.event.venue.address}
                  </>
                ) : (
                  "Online: the joining details are on your tickets."
                )}
              </span>
            </p>
          </section>

          <section aria-labelledby="tickets-heading" className="mt-8">
            <h2 id="tickets-heading" className="flex items-center gap-2 text-xl font-bold">
              <Ticket aria-hidden className="size-5 text-brand" /> Your {o.tickets.length === 1 ? "ticket" : `${o.tickets.length} tickets`}
            </h2>
            <p className="mt-1 text-sm text-fg-muted">Show the QR code at the door. Each one lets one person in, once.</p>
            <ul className="mt-4 grid gap-4 tablet:grid-cols-2">
              {o.tickets.map((t, i) => (
                <li key={t.id} className="card flex flex-col items-center p-5 text-center">
                  <p className="font-semibold">
                    {t.typeName}
                    {t.seatRow !== null ? ` · Seat ${seatName(t.seatRow, t.seatColumn!)}` : ""}
                  </p>
                  <p className="text-xs text-fg-muted">
                    Ticket {i + 1} of {o.tickets.length}
                    {t.holderName ? ` · ${t.holderName}` : ""}
                  </p>
                  {/* Generated on our server by the QR library from the ticket's own code. */}
                  <div role="img" aria-label={`QR code for ticket ${i + 1}`} className="mt-3 w-48 rounded-xl bg-white p-2 [&>svg]:h-auto [&>svg]:w-full" dangerouslySetInnerHTML={{ __html: qr[i]! }} />
                  <p className="mt-2 font-mono text-xs break-all select-all">{t.code}</p>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}

      <section aria-labelledby="receipt-heading" className="card mt-8 p-5">
        <h2 id="receipt-heading" className="text-lg font-bold">
          Receipt
        </h2>
        <OrderLines lines={o.lines} money={money} />
        <OrderBreakdown
          discountPence={o.discountPence}
          discountCode={o.discountCode}
          bookingFeePence={o.bookingFeePence}
          totalPence={o.totalPence}
          totalLabel={refunded ? "Refunded" : "Total paid"}
          money={money}
        />
      </section>
      <p className="mt-6 text-sm">
        <Link to={`/events/${o.event.slug}`} className="link">
          Event details
        </Link>{" "}
        ·{" "}
        <Link to="/u/dashboard" className="link">
          Your dashboard
        </Link>
      </p>
    </div>
  );
}
