import { Minus, Plus, Tag, Ticket } from "lucide-react";
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { Form, Link, useFetcher, useNavigate, useNavigation, useRevalidator, useRouteLoaderData, useSubmit } from "react-router";
import { toast } from "~/web/components/ui/toast";
import { sanitiseBasket, type Basket } from "~/domain/basket";
import { parsePounds, poundsForInput, type Currency } from "~/domain/money";
import { headlinePrice, priceOrder, priceTerms, type DiscountRule, type FeeMode, type PriceTerms } from "~/domain/pricing";
import { inSaleWindow, isOnSale, remaining } from "~/domain/ticket-availability";
import { currencySymbol, formatEventDateTime, formatMoney } from "~/lib/format";
import type { EventPageTicket } from "~/services/get-event-page";
import { messages } from "~/texts/messages";
import type { Seat } from "./seat-picker";
import { TextField } from "~/web/components/ui/field";
import { useAddToCartTracking } from "~/web/lib/conversions";

export interface AppliedCoupon {
  code: string;
  rule: DiscountRule;
  /** Private tickets the code unlocks. */
  unlocks: EventPageTicket[];
}

export interface BookingPanelProps {
  eventId: string;
  now: Date;
  currency: Currency;
  feeMode: FeeMode;
  tickets: EventPageTicket[];
  /** Private ticket types already unlocked by the link. */
  unlockedIds: string[];
  seatPlan: { rows: number; columns: number; taken: Seat[] } | null;
  closed: "sold_out" | "ended" | "cancelled" | null;
  /** The server's answer to the last checkout attempt. */
  error: string | null;
  /** The server's sanitised basket after someone beat this buyer to it. */
  correctedBasket: Basket | null;
  /** Why the inline log-in at checkout failed. */
  signInError: string | null;
  slug: string;
}

type Stored = Basket & { seats: Seat[] };

// Only seated events need the seat picker: its code loads when such an event's panel mounts.
const loadSeatPicker = () => import("./seat-picker");
const SeatPicker = lazy(() => loadSeatPicker().then((m) => ({ default: m.SeatPicker })));

/** A key for this Checkout, so a retried press finds the hold the first one made (randomUUID needs a secure page; getRandomValues does not). */
function newKey(): string {
  if (typeof crypto === "undefined") return "";
  // Typed as always there; in a page served over plain HTTP it is not.
  if (typeof (crypto as Partial<Crypto>).randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}
const storageKey = (eventId: string) => `tb_basket:${eventId}`;

function readStored(eventId: string): Stored | null {
  try {
    const raw = localStorage.getItem(storageKey(eventId));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Stored>;
    return { lines: Array.isArray(value.lines) ? value.lines : [], coupon: typeof value.coupon === "string" ? value.coupon : null, seats: Array.isArray(value.seats) ? value.seats : [] };
  } catch {
    return null;
  }
}

/**
 * Choosing tickets on the event page. The basket lives in this browser (per event) across
 * reloads, is sanitised against what is on sale when it loads (spec §4), and is checked again
 * by the server at checkout: it is never trusted. Works as a plain form without JavaScript.
 */
export function BookingPanel(props: BookingPanelProps) {
  const { eventId, now, feeMode, currency } = props;
  const terms = priceTerms(feeMode, currency);
  const couponFetcher = useFetcher<{ coupon?: { code: string; rule: DiscountRule; unlocks: EventPageTicket[] } | null; couponError?: string }>();
  const navigating = useNavigation().state !== "idle";
  const navigate = useNavigate();
  const submit = useSubmit();
  const revalidator = useRevalidator();
  const [pressing, setPressing] = useState(false);
  const busy = navigating || pressing;
  /** The holds API's answer to the last Checkout press, when JavaScript made it. */
  const [answer, setAnswer] = useState<{ error: string; basket: Basket | null } | null>(null);
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const [seats, setSeats] = useState<Seat[]>([]);
  const [ready, setReady] = useState(false);
  const idempotencyKey = useRef<string>("");

  const tickets = useMemo(() => {
    const extra = (coupon?.unlocks ?? []).filter((u) => !props.tickets.some((t) => t.id === u.id));
    return [...props.tickets, ...extra];
  }, [props.tickets, coupon]);
  const unlocked = useMemo(() => new Set([...props.unlockedIds, ...(coupon?.unlocks ?? []).map((t) => t.id)]), [props.unlockedIds, coupon]);

  const basket: Stored = useMemo(
    () => ({
      lines: tickets
        .filter((t) => (quantities[t.id] ?? 0) > 0)
        .map((t) => ({ ticketTypeId: t.id, quantity: quantities[t.id]!, ...(t.payWhatYouWish ? { amountPence: parsePounds(amounts[t.id] ?? "") ?? t.pricePence } : {}) })),
      coupon: coupon?.code ?? null,
      seats,
    }),
    [tickets, quantities, amounts, coupon, seats],
  );

  // Load the saved basket once, sanitised against today's stock (spec §4).
  useEffect(() => {
    const stored = readStored(eventId);
    if (stored) {
      const { basket: clean, changed } = sanitiseBasket(stored, tickets, now, unlocked);
      if (changed) toast.info(messages.informational.beatenToIt);
      setQuantities(Object.fromEntries(clean.lines.map((l) => [l.ticketTypeId, l.quantity])));
      setAmounts(Object.fromEntries(clean.lines.filter((l) => l.amountPence !== undefined).map((l) => [l.ticketTypeId, poundsForInput(l.amountPence!)])));
      if (clean.coupon) couponFetcher.submit({ intent: "coupon", coupon: clean.coupon }, { method: "post" });
      if (!changed) setSeats(stored.seats.filter((s) => !props.seatPlan?.taken.some((t) => t.row === s.row && t.column === s.column)));
    }
    setReady(true);
    // Once, when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Keep it, so a reload or a detour to log in loses nothing.
  useEffect(() => {
    if (ready) localStorage.setItem(storageKey(eventId), JSON.stringify(basket));
  }, [ready, basket, eventId]);

  useEffect(() => {
    if (props.seatPlan) void loadSeatPicker();
  }, [props.seatPlan]);

  useAddToCartTracking(eventId, basket.lines, ready);
  const signedIn = Boolean((useRouteLoaderData("root") as { user?: unknown } | undefined)?.user);

  // The page's action answered (without JavaScript, or signing in on the way): its answer is the latest.
  useEffect(() => setAnswer(null), [props.error, props.correctedBasket]);
  const error = answer ? answer.error : props.error;
  const correctedBasket = answer ? answer.basket : props.correctedBasket;
  // The answer shows at the top of the panel; on a phone the buyer pressed Checkout well below it.
  const errorRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (error) errorRef.current?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }, [error, answer]);

  // The server corrected the basket: someone bought the last places first.
  useEffect(() => {
    if (!correctedBasket) return;
    setQuantities(Object.fromEntries(correctedBasket.lines.map((l) => [l.ticketTypeId, l.quantity])));
    setCoupon(null);
    setSeats([]);
  }, [correctedBasket]);

  /**
   * Checkout, signed in and with JavaScript: the same form, posted to the holds API (the on-sale
   * rush's lean path, decision 0016), then on to the checkout page. A refusal is shown here and the
   * page's data is loaded again (stock, seats, sold out). Signed out, the page's own action takes the
   * form, signing in on the way; so it does whenever the API cannot answer for the basket itself
   * (the session over, a proxy it does not recognise, a network failure).
   */
  const checkout = async (e: React.FormEvent<HTMLFormElement>) => {
    if (!signedIn) return;
    e.preventDefault();
    const form = e.currentTarget;
    setPressing(true);
    try {
      const unlockKey = new URLSearchParams(window.location.search).get("key");
      const res = await fetch(`/api/events/${encodeURIComponent(props.slug)}/holds${unlockKey ? `?key=${encodeURIComponent(unlockKey)}` : ""}`, {
        method: "POST",
        body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>),
      }).catch(() => null);
      const body = (await res?.json().catch(() => null)) as { checkout?: string; error?: { message?: string; details?: { basket?: Basket; reason?: string } } } | null;
      if (res?.status === 201 && body?.checkout) return void (await navigate(body.checkout));
      if (!res || ![404, 409, 422, 429].includes(res.status) || !body?.error?.message) return void (await submit(form));
      // A key someone else's checkout already used can never be this buyer's: start a new one.
      if (body.error.details?.reason === "not_yours") idempotencyKey.current = newKey();
      setAnswer({ error: body.error.message, basket: body.error.details?.basket ?? null });
      revalidator.revalidate();
    } finally {
      setPressing(false);
    }
  };

  useEffect(() => {
    const data = couponFetcher.data;
    if (!data || couponFetcher.state !== "idle") return;
    if (data.coupon) {
      setCoupon(data.coupon);
      toast.success(messages.informational.discountApplied);
    } else if (data.couponError) {
      setCoupon(null);
    }
  }, [couponFetcher.data, couponFetcher.state]);

  const rule = coupon?.rule ?? null;
  const pricedLines = basket.lines.map((l) => ({ quantity: l.quantity, unitPricePence: l.amountPence ?? tickets.find((t) => t.id === l.ticketTypeId)!.pricePence }));
  const breakdown = priceOrder(pricedLines, { discount: rule, feeMode, fee: terms.fee });
  const count = basket.lines.reduce((n, l) => n + l.quantity, 0);
  const seated = props.seatPlan !== null;
  const needSeats = seated && seats.length !== count;
  idempotencyKey.current ||= newKey();

  const change = (ticket: EventPageTicket, delta: number) => {
    const max = Math.min(remaining(ticket), ticket.maxPerOrder);
    setQuantities((q) => ({ ...q, [ticket.id]: Math.max(0, Math.min(max, (q[ticket.id] ?? 0) + delta)) }));
    if (seated && delta < 0) setSeats((s) => s.slice(0, Math.max(0, count + delta)));
  };

  if (props.closed) {
    return (
      <div className="card p-5">
        <PanelHeading />
        <p className="mt-3 font-semibold">
          {props.closed === "ended" ? messages.buyer.ended : props.closed === "sold_out" ? messages.buyer.soldOut : "This event has been cancelled."}
        </p>
        <TicketPrices tickets={tickets} now={now} terms={terms} />
      </div>
    );
  }

  return (
    <Form method="post" className="card p-5" aria-labelledby="tickets-heading" onSubmit={checkout}>
      <PanelHeading />
      <input type="hidden" name="intent" value="checkout" />
      <input type="hidden" name="key" value={idempotencyKey.current} />
      <input type="hidden" name="seats" value={JSON.stringify(seats)} />
      <input type="hidden" name="appliedCoupon" value={coupon?.code ?? ""} />
      {error ? (
        <p ref={errorRef} role="alert" className="mt-3 scroll-mt-20 rounded-xl bg-danger-soft px-3 py-2 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
      <ul className="mt-3 divide-y divide-border">
        {tickets.map((t) => {
          const onSale = isOnSale(t, now, unlocked.has(t.id));
          const quantity = quantities[t.id] ?? 0;
          const max = Math.min(remaining(t), t.maxPerOrder);
          const price = headlinePrice(t.pricePence, terms);
          return (
            <li key={t.id} className="py-3">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-semibold" id={`ticket-${t.id}`}>
                    {t.name}
                    {t.kind === "private" ? <span className="ml-2 rounded-full bg-brand-soft px-2 py-0.5 text-xs font-semibold text-brand">Unlocked</span> : null}
                  </p>
                  {t.description ? <p className="text-sm text-fg-muted">{t.description}</p> : null}
                  <p className="mt-0.5 text-sm font-semibold">
                    {t.pricePence === 0 ? "Free" : t.payWhatYouWish ? `From ${formatMoney(price.totalMinor, price.currency)}` : formatMoney(price.totalMinor, price.currency)}
                    <span className="ml-1 text-xs font-normal text-fg-muted">
                      {t.pricePence === 0 ? "" : price.bookingFeeMinor > 0 ? `incl. ${formatMoney(price.bookingFeeMinor, price.currency)} booking fee` : "no booking fee"}
                    </span>
                  </p>
                  <Availability ticket={t} now={now} />
                </div>
                {onSale ? (
                  <Stepper
                    id={t.id}
                    label={t.name}
                    value={quantity}
                    max={max}
                    onChange={(delta) => change(t, delta)}
                    onSet={(n) => setQuantities((q) => ({ ...q, [t.id]: Math.max(0, Math.min(max, n)) }))}
                  />
                ) : null}
              </div>
              {t.payWhatYouWish && onSale && quantity > 0 ? (
                <PayWhatYouWish ticket={t} value={amounts[t.id] ?? poundsForInput(t.pricePence)} onChange={(v) => setAmounts((a) => ({ ...a, [t.id]: v }))} currency={currency} />
              ) : null}
            </li>
          );
        })}
      </ul>

      {seated && count > 0 ? (
        <Suspense fallback={null}>
          <SeatPicker
            rows={props.seatPlan!.rows}
            columns={props.seatPlan!.columns}
            taken={props.seatPlan!.taken}
            chosen={seats}
            wanted={count}
            onChange={setSeats}
          />
        </Suspense>
      ) : null}

      <div className="mt-4 border-t border-border pt-4">
        <label htmlFor="coupon" className="flex items-center gap-1.5 text-sm font-medium">
          <Tag aria-hidden className="size-4" /> Discount or access code
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id="coupon"
            name="coupon"
            defaultValue={coupon?.code ?? ""}
            autoComplete="off"
            autoCapitalize="characters"
            aria-invalid={couponFetcher.data?.couponError ? true : undefined}
            aria-describedby={couponFetcher.data?.couponError ? "coupon-error" : undefined}
            className="h-10 min-w-0 flex-1 rounded-xl border border-border bg-surface px-3 text-sm uppercase focus:border-brand focus:outline-none aria-[invalid=true]:border-danger"
          />
          <button
            type="button"
            className="btn-secondary h-10"
            disabled={couponFetcher.state !== "idle"}
            onClick={(event) => {
              const input = event.currentTarget.form?.elements.namedItem("coupon") as HTMLInputElement | null;
              couponFetcher.submit({ intent: "coupon", coupon: input?.value ?? "" }, { method: "post" });
            }}>
            Apply
          </button>
        </div>
        <div aria-live="polite">
          {couponFetcher.data?.couponError ? (
            <p id="coupon-error" className="mt-1 text-sm font-medium text-danger">
              {couponFetcher.data.couponError}
            </p>
          ) : coupon ? (
            <p className="mt-1 text-sm font-medium text-success">
              {messages.informational.discountApplied}: {coupon.code.toUpperCase()}
              {coupon.unlocks.length > 0 ? " (private tickets unlocked)" : ""}
            </p>
          ) : null}
        </div>
      </div>

      <dl className="mt-4 space-y-1 border-t border-border pt-4 text-sm" aria-live="polite">
        {breakdown.discountPence > 0 ? (
          <div className="flex justify-between text-success">
            <dt>Discount</dt>
            <dd>−{formatMoney(breakdown.discountPence, currency)}</dd>
          </div>
        ) : null}
        {breakdown.bookingFeePence > 0 ? (
          <div className="flex justify-between text-fg-muted">
            <dt>Booking fee included</dt>
            <dd>{formatMoney(breakdown.bookingFeePence, currency)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between text-base font-bold">
          <dt>
            Total {count > 0 ? `(${count} ${count === 1 ? "ticket" : "tickets"})` : ""}
          </dt>
          <dd>{count === 0 ? "—" : breakdown.totalPence === 0 ? "Free" : formatMoney(breakdown.totalPence, currency)}</dd>
        </div>
      </dl>

      {signedIn ? null : <InlineLogIn slug={props.slug} error={props.signInError} />}

      <button type="submit" className="btn-primary mt-4 w-full" disabled={busy || (ready && (count === 0 || needSeats))}>
        <Ticket aria-hidden className="size-4" />
        {busy
          ? "Holding your tickets…"
          : count > 0 && needSeats
            ? `Choose ${count - seats.length} more ${count - seats.length === 1 ? "seat" : "seats"}`
            : signedIn
              ? "Checkout"
              : "Log in and check out"}
      </button>
      <p className="mt-3 text-xs text-fg-muted">Prices include every fee. We hold your tickets for 10 minutes while you pay.</p>
    </Form>
  );
}

/**
 * Signed out at checkout: log in right here, and the same press holds the tickets. New people sign
 * up on the sign-up page and come back to this page, where the basket is waiting (it is kept in
 * this browser).
 */
function InlineLogIn({ slug, error }: { slug: string; error: string | null }) {
  const back = encodeURIComponent(`/events/${slug}`);
  return (
    <fieldset className="mt-4 space-y-3 border-t border-border pt-4">
      <legend className="float-left mb-3 w-full text-sm font-semibold">Log in to check out</legend>
      {error ? (
        <p role="alert" className="rounded-xl bg-danger-soft px-3 py-2 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
      <TextField label="Email" name="email" type="email" autoComplete="email" required />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
      <p className="flex flex-wrap justify-between gap-2 text-sm">
        <Link to={`/sign-up?redirect=${back}`} className="link">
          New here? Sign up
        </Link>
        <Link to="/forgot-password" className="link">
          Forgot password?
        </Link>
      </p>
    </fieldset>
  );
}

function PanelHeading() {
  return (
    <h2 id="tickets-heading" className="flex items-center gap-2 text-lg font-bold">
      <Ticket aria-hidden className="size-5 text-brand" /> Tickets
    </h2>
  );
}

function Availability({ ticket, now }: { ticket: EventPageTicket; now: Date }) {
  let text: string | null = null;
  let warn = false;
  if (ticket.salesStartAt && now < ticket.salesStartAt) text = `On sale from ${formatEventDateTime(ticket.salesStartAt)}`;
  else if (!inSaleWindow(ticket, now)) text = "Sales have ended";
  else if (remaining(ticket) === 0) text = "Sold out";
  else if (remaining(ticket) <= 10) {
    text = `Only ${remaining(ticket)} left`;
    warn = true;
  }
  return text ? <p className={`text-xs ${warn ? "font-semibold text-warning" : "text-fg-muted"}`}>{text}</p> : null;
}

function Stepper(props: { id: string; label: string; value: number; max: number; onChange: (delta: number) => void; onSet: (n: number) => void }) {
  return (
    <div className="flex shrink-0 items-center gap-1" role="group" aria-label={`Number of ${props.label} tickets`}>
      <button type="button" className="btn-secondary size-9 min-h-0 p-0" onClick={() => props.onChange(-1)} disabled={props.value === 0} aria-label={`One fewer ${props.label}`}>
        <Minus aria-hidden className="size-4" />
      </button>
      <input
        type="number"
        name={`qty:${props.id}`}
        inputMode="numeric"
        min={0}
        max={props.max}
        value={props.value}
        onChange={(e) => props.onSet(Number(e.currentTarget.value) || 0)}
        aria-label={`${props.label}: number of tickets`}
        className="h-9 w-12 rounded-lg border border-border bg-surface text-center text-sm font-semibold [appearance:textfield] focus:border-brand focus:outline-none [&::-webkit-inner-spin-button]:appearance-none"
      />
      <button type="button" className="btn-secondary size-9 min-h-0 p-0" onClick={() => props.onChange(1)} disabled={props.value >= props.max} aria-label={`One more ${props.label}`}>
        <Plus aria-hidden className="size-4" />
      </button>
    </div>
  );
}

function PayWhatYouWish(props: { ticket: EventPageTicket; value: string; onChange: (v: string) => void; currency: Currency }) {
  const pence = parsePounds(props.value);
  const invalid = pence === null || pence < props.ticket.pricePence || pence > props.ticket.pricePence + 1_000_000;
  const id = `amount-${props.ticket.id}`;
  return (
    <div className="mt-2">
      <label htmlFor={id} className="text-sm font-medium">
        Your price per ticket (from {formatMoney(props.ticket.pricePence, props.currency)})
      </label>
      <div className="mt-1 flex items-center gap-1">
        <span aria-hidden className="text-sm font-semibold">
          {currencySymbol(props.currency)}
        </span>
        <input
          id={id}
          name={`amount:${props.ticket.id}`}
          inputMode="decimal"
          value={props.value}
          onChange={(e) => props.onChange(e.currentTarget.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          className="h-9 w-28 rounded-lg border border-border bg-surface px-2 text-sm focus:border-brand focus:outline-none aria-[invalid=true]:border-danger"
        />
      </div>
      {invalid ? (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-danger">
          Enter an amount from {formatMoney(props.ticket.pricePence, props.currency)} to {formatMoney(props.ticket.pricePence + 1_000_000, props.currency)}.
        </p>
      ) : null}
    </div>
  );
}

/** Prices only, for a closed event. */
function TicketPrices({ tickets, now, terms }: { tickets: EventPageTicket[]; now: Date; terms: PriceTerms }) {
  return (
    <ul className="mt-3 divide-y divide-border text-sm">
      {tickets.map((t) => (
        <li key={t.id} className="flex justify-between py-2">
          <span>{t.name}</span>
          <span className="font-semibold">{t.pricePence === 0 ? "Free" : formatMoney(headlinePrice(t.pricePence, terms).totalMinor, terms.currency)}</span>
          <span className="sr-only">{remaining(t) === 0 ? "Sold out" : inSaleWindow(t, now) ? "" : "Not on sale"}</span>
        </li>
      ))}
    </ul>
  );
}
