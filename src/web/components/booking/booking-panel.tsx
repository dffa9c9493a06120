import { Ticket } from "lucide-react";
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { Form, useNavigation, useRouteLoaderData } from "react-router";
import { toast } from "~/web/components/ui/toast";
import { sanitiseBasket, type Basket } from "~/domain/basket";
import { parsePounds, poundsForInput, type Currency } from "~/domain/money";
import { chosenAmountAccepted, priceTerms, type FeeMode } from "~/domain/pricing";
import { remaining } from "~/domain/ticket-availability";
import type { EventPageTicket } from "~/services/get-event-page";
import { messages } from "~/texts/messages";
import { seatKey, sectionOf, type SeatMark, type SeatSection, unsellableKeys } from "~/domain/seat-plan";
import type { Seat, SeatsWanted } from "./seat-picker";
import { useAddToCartTracking } from "~/web/lib/conversions";
import { DiscountCodeField, useDiscountCode } from "./discount-code";
import { InlineLogIn } from "./inline-log-in";
import { OrderTotals } from "./order-totals";
import { priceBasket } from "./basket-price";
import { readSavedBasket, saveBasket, type SavedBasket } from "./saved-basket";
import { TicketPrices } from "./ticket-prices";
import { TicketRow } from "./ticket-row";
import { useHoldsCheckout } from "./use-holds-checkout";

export interface BookingPanelProps {
  eventId: string;
  now: Date;
  currency: Currency;
  feeMode: FeeMode;
  tickets: EventPageTicket[];
  /** Private ticket types already unlocked by the link. */
  unlockedIds: string[];
  /**
   * A seated event's plan: its size, its rows' names, the seats taken, its sections (each sold by the tickets tied
   * to it) and marked positions (wheelchair spaces, companion seats, gaps, blocked seats).
   */
  seatPlan: {
    rows: number;
    columns: number;
    rowNames: string[];
    taken: Seat[];
    sections: SeatSection[];
    marks: SeatMark[];
  } | null;
  closed: "sold_out" | "ended" | "cancelled" | null;
  /** The server's answer to the last checkout attempt. */
  error: string | null;
  /** The server's sanitised basket after someone beat this buyer to it. */
  correctedBasket: Basket | null;
  /** Why the inline log-in at checkout failed. */
  signInError: string | null;
  slug: string;
}

// Only seated events need the seat picker: its code loads when such an event's panel mounts.
const loadSeatPicker = () => import("./seat-picker");
const SeatPicker = lazy(() => loadSeatPicker().then((m) => ({ default: m.SeatPicker })));

/**
 * Choosing tickets on the event page. The basket lives in this browser (per event) across
 * reloads, is sanitised against what is on sale when it loads (spec §4), and is checked again
 * by the server at checkout: it is never trusted. Works as a plain form without JavaScript.
 */
export function BookingPanel(props: BookingPanelProps) {
  const { eventId, now, feeMode, currency } = props;
  const terms = priceTerms(feeMode, currency);
  const discountCode = useDiscountCode();
  const { coupon } = discountCode;
  const navigating = useNavigation().state !== "idle";
  const signedIn = Boolean((useRouteLoaderData("root") as { user?: unknown } | undefined)?.user);
  const { checkout, pressing, answer, error, correctedBasket, idempotencyKey } = useHoldsCheckout({
    slug: props.slug,
    signedIn,
    pageAnswer: { error: props.error, correctedBasket: props.correctedBasket },
  });
  const busy = navigating || pressing;
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const [seats, setSeats] = useState<Seat[]>([]);
  const [ready, setReady] = useState(false);

  const tickets = useMemo(() => {
    const extra = (coupon?.unlocks ?? []).filter((u) => !props.tickets.some((t) => t.id === u.id));
    return [...props.tickets, ...extra];
  }, [props.tickets, coupon]);
  const unlocked = useMemo(
    () => new Set([...props.unlockedIds, ...(coupon?.unlocks ?? []).map((t) => t.id)]),
    [props.unlockedIds, coupon],
  );

  const ticketOf = (id: string) => tickets.find((t) => t.id === id)!;
  const basket: SavedBasket = useMemo(
    () => ({
      lines: tickets
        .filter((t) => (quantities[t.id] ?? 0) > 0)
        .map((t) => ({
          ticketTypeId: t.id,
          quantity: quantities[t.id]!,
          ...(t.payWhatYouWish ? { amountPence: parsePounds(amounts[t.id] ?? "") ?? t.pricePence } : {}),
        })),
      coupon: coupon?.code ?? null,
      seats,
      savedAt: now.getTime(),
    }),
    [tickets, quantities, amounts, coupon, seats, now],
  );

  // Load the saved basket once, sanitised against today's stock (spec §4).
  useEffect(() => {
    const stored = readSavedBasket(eventId);
    if (stored) {
      const { basket: clean, changed } = sanitiseBasket(stored, tickets, now, unlocked);
      if (changed) toast.info(messages.informational.beatenToIt);
      setQuantities(Object.fromEntries(clean.lines.map((l) => [l.ticketTypeId, l.quantity])));
      setAmounts(
        Object.fromEntries(
          clean.lines
            .filter((l) => l.amountPence !== undefined)
            .map((l) => [l.ticketTypeId, poundsForInput(l.amountPence!)]),
        ),
      );
      if (clean.coupon) void discountCode.apply(clean.coupon, { quietly: true });
      if (!changed)
        setSeats(
          stored.seats.filter(
            (s) =>
              !props.seatPlan?.taken.some((t) => t.row === s.row && t.column === s.column) &&
              // A seat made a gap or blocked since the basket was kept is no longer there to have.
              !unsellableKeys(props.seatPlan?.marks ?? []).has(seatKey(s)),
          ),
        );
    }
    setReady(true);
    // Once, when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Keep it, so a reload or a detour to log in loses nothing.
  useEffect(() => {
    if (ready) saveBasket(eventId, basket);
  }, [ready, basket, eventId]);

  useEffect(() => {
    if (props.seatPlan) void loadSeatPicker();
  }, [props.seatPlan]);

  useAddToCartTracking(eventId, basket.lines, ready);

  // The answer shows at the top of the panel; on a phone the buyer pressed Checkout well below it.
  const errorRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (error) errorRef.current?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }, [error, answer]);

  // The server corrected the basket: someone bought the last places first.
  useEffect(() => {
    if (!correctedBasket) return;
    setQuantities(Object.fromEntries(correctedBasket.lines.map((l) => [l.ticketTypeId, l.quantity])));
    discountCode.clear();
    setSeats([]);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [correctedBasket]);

  // A pay-what-you-wish amount outside its range is said beside its field and holds Checkout back;
  // the total counts the minimum meanwhile. A discount never takes a chosen amount below the minimum.
  const badAmount = basket.lines.some(
    (l) =>
      l.amountPence !== undefined &&
      !chosenAmountAccepted(
        parsePounds(amounts[l.ticketTypeId] ?? poundsForInput(l.amountPence)),
        ticketOf(l.ticketTypeId).pricePence,
      ),
  );
  const { breakdown, count } = priceBasket(basket.lines, ticketOf, terms, coupon?.rule ?? null);
  const seated = props.seatPlan !== null;

  // Seats are chosen section by section: each ticket's seat is in the section it sells, at its price.
  const sections = props.seatPlan?.sections ?? [];
  const sectionIdOf = (seat: Seat) => sectionOf(sections, seat)?.id ?? null;
  const wanted: SeatsWanted[] = [];
  for (const line of basket.lines) {
    const sectionId = ticketOf(line.ticketTypeId).seatSectionId;
    const found = wanted.find((w) => w.sectionId === sectionId);
    if (found) found.count += line.quantity;
    else wanted.push({ sectionId, label: sections.find((s) => s.id === sectionId)?.name ?? "", count: line.quantity });
  }
  const seatsMatch =
    wanted.every((w) => seats.filter((s) => sectionIdOf(s) === w.sectionId).length === w.count) &&
    seats.length === count;
  const needSeats = seated && !seatsMatch;

  /** Fewer tickets: the last seats chosen in their section go, so each section has no more seats than tickets. */
  const setQuantity = (ticket: EventPageTicket, quantity: number) => {
    const next = { ...quantities, [ticket.id]: quantity };
    setQuantities(next);
    if (!seated) return;
    const inSection = tickets
      .filter((t) => t.seatSectionId === ticket.seatSectionId)
      .reduce((n, t) => n + (next[t.id] ?? 0), 0);
    setSeats((chosen) => {
      const mine = chosen.filter((s) => sectionIdOf(s) === ticket.seatSectionId);
      const drop = new Set(mine.slice(inSection));
      return chosen.filter((s) => !drop.has(s));
    });
  };

  const change = (ticket: EventPageTicket, delta: number) => {
    const max = Math.min(remaining(ticket), ticket.maxPerOrder);
    setQuantity(ticket, Math.max(0, Math.min(max, (quantities[ticket.id] ?? 0) + delta)));
  };

  if (props.closed) {
    return (
      <div className="card p-5">
        <PanelHeading />
        {error ? (
          <p role="alert" className="mt-3 rounded-xl bg-danger-soft px-3 py-2 text-sm font-medium text-danger">
            {error}
          </p>
        ) : null}
        <p className="mt-3 font-semibold">
          {props.closed === "ended"
            ? messages.buyer.ended
            : props.closed === "sold_out"
              ? messages.buyer.soldOut
              : "This event has been cancelled."}
        </p>
        <TicketPrices tickets={tickets} now={now} terms={terms} />
      </div>
    );
  }

  return (
    <Form method="post" className="card p-5" aria-labelledby="tickets-heading" onSubmit={checkout}>
      <PanelHeading />
      <input type="hidden" name="intent" value="checkout" />
      <input type="hidden" name="key" value={idempotencyKey} />
      <input type="hidden" name="seats" value={JSON.stringify(seats)} />
      <input type="hidden" name="appliedCoupon" value={coupon?.code ?? ""} />
      {error ? (
        <p
          ref={errorRef}
          role="alert"
          className="mt-3 scroll-mt-20 rounded-xl bg-danger-soft px-3 py-2 text-sm font-medium text-danger"
        >
          {error}
        </p>
      ) : null}
      <ul className="mt-3 divide-y divide-border">
        {tickets.map((t) => (
          <TicketRow
            key={t.id}
            ticket={t}
            now={now}
            terms={terms}
            unlocked={unlocked.has(t.id)}
            quantity={quantities[t.id] ?? 0}
            amount={amounts[t.id] ?? poundsForInput(t.pricePence)}
            onStep={(delta) => change(t, delta)}
            onSet={(n) => setQuantity(t, n)}
            onAmount={(v) => setAmounts((a) => ({ ...a, [t.id]: v }))}
          />
        ))}
      </ul>

      {seated && count > 0 ? (
        <Suspense fallback={null}>
          <SeatPicker
            rows={props.seatPlan!.rows}
            columns={props.seatPlan!.columns}
            rowNames={props.seatPlan!.rowNames}
            taken={props.seatPlan!.taken}
            sections={sections}
            marks={props.seatPlan!.marks}
            chosen={seats}
            wanted={wanted}
            onChange={setSeats}
          />
        </Suspense>
      ) : null}

      <DiscountCodeField
        coupon={coupon}
        error={discountCode.error}
        applying={discountCode.applying}
        onApply={discountCode.apply}
      />

      <OrderTotals breakdown={breakdown} count={count} currency={currency} />

      {signedIn ? null : <InlineLogIn slug={props.slug} error={props.signInError} />}

      <button
        type="submit"
        className="btn-primary mt-4 w-full"
        disabled={busy || (ready && (count === 0 || needSeats || badAmount))}
      >
        <Ticket aria-hidden className="size-4" />
        {busy
          ? "Holding your tickets…"
          : count > 0 && needSeats
            ? seats.length < count
              ? `Choose ${count - seats.length} more ${count - seats.length === 1 ? "seat" : "seats"}`
              : "Choose seats in your tickets' sections"
            : signedIn
              ? "Checkout"
              : "Log in and check out"}
      </button>
      <p className="mt-3 text-xs text-fg-muted">
        Prices include every fee. We hold your tickets for 10 minutes while you check out.
      </p>
    </Form>
  );
}

function PanelHeading() {
  return (
    <h2 id="tickets-heading" tabIndex={-1} className="flex items-center gap-2 text-lg font-bold focus:outline-none">
      <Ticket aria-hidden className="size-5 text-brand" /> Tickets
    </h2>
  );
}
