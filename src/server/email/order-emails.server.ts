import type { Db } from "~/db/client.server";
import { formatMoney, formatWhenInFull } from "~/lib/format";
import { getOrder } from "~/services/get-order";
import { describeRefundedPayment } from "~/services/settle-payment";
import { seatName } from "~/lib/seats";
import type { Mailer } from "./mailer";

/** Queues the confirmation for a completed order: the event, each ticket's code, and a link to the tickets. */
export async function sendOrderConfirmation(opts: { db: Db; mailer: Mailer; publicUrl: string; orderId: string }): Promise<void> {
  const o = await getOrder(opts.db, { orderId: opts.orderId });
  if (!o || o.tickets.length === 0) return;
  const base = opts.publicUrl.replace(/\/$/, "");
  await opts.mailer.send({
    to: o.buyerEmail,
    userId: o.userId,
    // The tickets as a PDF, one page each, made as the email goes: the ones the buyer holds then.
    attachments: [{ kind: "order-tickets", orderId: o.id, holderId: o.userId }],
    template: {
      name: "order-confirmation",
      props: {
        firstName: o.buyerName.split(" ")[0] ?? "",
        reference: o.reference,
        eventName: o.event.name,
        when: formatWhenInFull(o.event.startsAt, o.event.endsAt),
        where: o.event.venue ? `${o.event.venue.name}, ${o.event.venue.address}` : "Online",
        tickets: o.tickets.map((t) => ({ name: t.typeName, seat: t.seatRow !== null ? seatName(t.seatRow, t.seatColumn!) : null, code: t.code })),
        total: o.totalPence === 0 ? "Free" : formatMoney(o.totalPence, o.currency),
        orderUrl: `${base}/orders/${o.reference}`,
      },
    },
  });
}

/** Tells the buyer a payment that could not become tickets was refunded, and why. */
export async function sendPaymentRefunded(opts: { db: Db; mailer: Mailer; publicUrl: string; paymentId: string }): Promise<void> {
  const r = await describeRefundedPayment(opts.db, opts.paymentId);
  if (!r) return;
  const base = opts.publicUrl.replace(/\/$/, "");
  await opts.mailer.send({
    to: r.to,
    userId: r.userId,
    template: {
      name: "order-refunded",
      props: {
        firstName: r.firstName,
        reference: r.orderReference,
        eventName: r.eventName,
        amount: formatMoney(r.amountPence, r.currency),
        reason: r.reason,
        url: r.reason === "already_paid" && r.orderReference ? `${base}/orders/${r.orderReference}` : `${base}/events/${r.eventSlug}`,
      },
    },
  });
}
