import { refundedShare, type Currency } from "./money";

/**
 * What a host has been paid and what is due to them (issue 21, decision 0041). Pure: the payouts
 * page and its reconciliation test read orders, and this turns them into money per event.
 *
 * A sale reaches the host one of two ways. Paid through the host's connected account (a
 * destination charge), its net is in their account at the sale, less Ticketyboo's fee taken as the
 * application fee, and a refund takes back from it what it gave. Otherwise Ticketyboo collected it,
 * and the event's net (sales less fees, less refunds) is paid out once per event and currency,
 * PAYOUT_DELAY_DAYS after the event ends.
 */

/** Two days after the event ends: time for a last-minute cancellation or a door problem to be put right first. */
export const PAYOUT_DELAY_DAYS = 2;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface PayoutOrder {
  eventId: string;
  currency: Currency;
  totalPence: number;
  /** Ticketyboo's fee as the order recorded it at the sale (passed on or absorbed, at that day's rate). */
  platformFeePence: number;
  refundedPence: number;
  /** The application fee when the sale went to the host's connected account; null when Ticketyboo collected it. */
  applicationFeePence: number | null;
}

export interface PayoutEvent {
  id: string;
  name: string;
  endsAt: Date;
}

export interface PaidOutRecord {
  eventId: string;
  currency: Currency;
  amountPence: number;
  paidAt: Date;
  /** Set aside for the host, its transfer not yet confirmed by the provider. */
  sending?: boolean;
}

/**
 * Ticketyboo's fee on one order as it was charged: the application fee a connected account's sale
 * kept, else the fee the order recorded when it was sold (decision 0053). Never worked out again from
 * the event's fee mode now (a host may change it after sales, decision 0030) or from today's rate (a
 * change of rate would reprice every earlier sale).
 */
export function platformFee(o: PayoutOrder): number {
  return o.applicationFeePence ?? o.platformFeePence;
}

/**
 * The host's share of one order after refunds: its net (total less our fee), less the refunded
 * share of that net (a full refund leaves nothing; a part refund takes its proportion, rounded once).
 */
export function orderNet(o: PayoutOrder): number {
  if (o.totalPence === 0) return 0;
  const net = o.totalPence - platformFee(o);
  return net - refundedShare(net, o.refundedPence, o.totalPence);
}

export type PayoutState = "upcoming" | "due" | "sending" | "paid" | "at_sale";

export interface EventPayout {
  eventId: string;
  name: string;
  currency: Currency;
  endsAt: Date;
  /** When Ticketyboo pays what it collected for this event. */
  payableFrom: Date;
  orders: number;
  grossPence: number;
  feesPence: number;
  refundsPence: number;
  /** Sales less fees less refunds: everything this event earns the host. */
  netPence: number;
  /** Of that, what went straight to their account at each sale. */
  paidAtSalePence: number;
  /** What Ticketyboo has paid out for this event since. */
  paidOutPence: number;
  /**
   * What Ticketyboo still holds for them. Negative only when money went back after the payout: hosts
   * can't refund from an event paid out (decision 0054), so that is our support team's doing, and
   * settled with the host by them.
   */
  balancePence: number;
  state: PayoutState;
}

export interface PayoutTotals {
  currency: Currency;
  grossPence: number;
  feesPence: number;
  refundsPence: number;
  netPence: number;
  /** Received: at each sale, and in payouts. */
  paidPence: number;
  /** Payable now (events ended more than PAYOUT_DELAY_DAYS ago), net of any refunds made after a payout. */
  dueNowPence: number;
  /** Collected for events that have not yet reached their payout date. */
  upcomingPence: number;
}

export function payableFrom(endsAt: Date): Date {
  return new Date(endsAt.getTime() + PAYOUT_DELAY_DAYS * DAY_MS);
}

/**
 * Every event with money in it, per currency, soonest payout first, with the totals per currency.
 * Invariant (tested): net = paid at sale + paid out + balance, and the totals are the rows' sums.
 */
export function summarisePayouts(input: {
  events: readonly PayoutEvent[];
  orders: readonly PayoutOrder[];
  payouts: readonly PaidOutRecord[];
  now: Date;
}): { events: EventPayout[]; totals: PayoutTotals[] } {
  const eventById = new Map(input.events.map((e) => [e.id, e]));
  const rows = new Map<string, EventPayout>();
  const rowFor = (eventId: string, currency: Currency): EventPayout | null => {
    const key = `${eventId}|${currency}`;
    const found = rows.get(key);
    if (found) return found;
    const e = eventById.get(eventId);
    if (!e) return null;
    const row: EventPayout = {
      eventId,
      name: e.name,
      currency,
      endsAt: e.endsAt,
      payableFrom: payableFrom(e.endsAt),
      orders: 0,
      grossPence: 0,
      feesPence: 0,
      refundsPence: 0,
      netPence: 0,
      paidAtSalePence: 0,
      paidOutPence: 0,
      balancePence: 0,
      state: "upcoming",
    };
    rows.set(key, row);
    return row;
  };
  for (const o of input.orders) {
    if (o.totalPence === 0) continue;
    const row = rowFor(o.eventId, o.currency);
    if (!row) continue;
    const net = orderNet(o);
    row.orders += 1;
    row.grossPence += o.totalPence;
    row.feesPence += platformFee(o);
    row.refundsPence += o.refundedPence;
    row.netPence += net;
    if (o.applicationFeePence !== null) row.paidAtSalePence += net;
  }
  const sending = new Set<EventPayout>();
  for (const p of input.payouts) {
    const row = rowFor(p.eventId, p.currency);
    if (!row) continue;
    row.paidOutPence += p.amountPence;
    if (p.sending) sending.add(row);
  }
  const totals = new Map<Currency, PayoutTotals>();
  for (const row of rows.values()) {
    row.balancePence = row.netPence - row.paidAtSalePence - row.paidOutPence;
    const payable = input.now.getTime() >= row.payableFrom.getTime();
    row.state =
      row.balancePence !== 0
        ? payable
          ? "due"
          : "upcoming"
        : row.paidOutPence > 0
          ? sending.has(row)
            ? "sending"
            : "paid"
          : row.paidAtSalePence > 0
            ? "at_sale"
            : payable
              ? "paid"
              : "upcoming";
    const t = totals.get(row.currency) ?? {
      currency: row.currency,
      grossPence: 0,
      feesPence: 0,
      refundsPence: 0,
      netPence: 0,
      paidPence: 0,
      dueNowPence: 0,
      upcomingPence: 0,
    };
    t.grossPence += row.grossPence;
    t.feesPence += row.feesPence;
    t.refundsPence += row.refundsPence;
    t.netPence += row.netPence;
    t.paidPence += row.paidAtSalePence + row.paidOutPence;
    if (payable) t.dueNowPence += row.balancePence;
    else t.upcomingPence += row.balancePence;
    totals.set(row.currency, t);
  }
  const events = [...rows.values()].sort(
    (a, b) => b.payableFrom.getTime() - a.payableFrom.getTime() || a.name.localeCompare(b.name),
  );
  const order: Currency[] = ["GBP", "EUR"];
  return { events, totals: order.flatMap((c) => (totals.has(c) ? [totals.get(c)!] : [])) };
}
