import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  cancellationRequest,
  event,
  hostPayout,
  hostPayoutAccount,
  order,
  payment,
  paymentDestination,
  user,
} from "~/db/schema";
import { endOf } from "~/domain/event-flags";
import { type EventPayout, type PayoutOrder, type PayoutTotals, summarisePayouts } from "~/domain/payouts";
import { AppError, isAppError } from "~/lib/app-error";
import { hostSettingsMessages } from "~/texts/host-settings-messages";
import { messages } from "~/texts/messages";
import type { HostRole } from "~/db/schema";
import type { ConnectedAccountState, PaymentProvider } from "./payment-provider";
import { mayChangeMoneyAndBrand } from "./host-online-profile";
import type { Throttle, ThrottleRule } from "./throttle";

/*
 * Each onboarding link and each look at an account is a call to the provider, and Stripe's rate limit
 * is the whole platform's: a Studio page reloaded in a loop must not use it up and stop every checkout.
 */
/** Onboarding links a host may have made (each press of Connect, each return from a stale link). */
export const ONBOARDING_LINKS: ThrottleRule = { limit: 10, windowMs: 10 * 60_000 };
/** Looks at a host's not yet connected account the payouts page may make; past them, it shows what we last knew. */
export const ACCOUNT_CHECKS: ThrottleRule = { limit: 10, windowMs: 60_000 };

/** A host's payout account as the Studio shows it. */
export interface PayoutAccount {
  provider: "stripe" | "test";
  accountId: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  /** Sales go to it (charges enabled); until then Ticketyboo collects them and pays out after the event. */
  connected: boolean;
  updatedAt: Date;
}

function toAccount(row: typeof hostPayoutAccount.$inferSelect): PayoutAccount {
  return {
    provider: row.provider,
    accountId: row.accountId,
    chargesEnabled: row.chargesEnabled,
    payoutsEnabled: row.payoutsEnabled,
    detailsSubmitted: row.detailsSubmitted,
    connected: row.chargesEnabled,
    updatedAt: row.updatedAt,
  };
}

export async function payoutAccount(db: Db, hostId: string): Promise<PayoutAccount | null> {
  const [row] = await db.select().from(hostPayoutAccount).where(eq(hostPayoutAccount.hostId, hostId));
  return row ? toAccount(row) : null;
}

/**
 * Where the host goes to connect payouts (owners only): the provider's onboarding for their
 * account, opened on first use (one per host: the same idempotency key answers the same account,
 * and the primary key keeps one row). Ticketyboo stores only the account's id and state.
 */
export async function startPayoutOnboarding(
  db: Db,
  provider: PaymentProvider,
  input: { hostId: string; role: HostRole; publicUrl: string; now: Date; throttle: Throttle },
): Promise<{ url: string }> {
  if (!mayChangeMoneyAndBrand(input.role)) throw new AppError("forbidden", hostSettingsMessages.ownersOnly);
  const connect = provider.connect;
  if (!connect) throw new AppError("conflict", hostSettingsMessages.payoutsNotConfigured);
  const [host] = await db
    .select({ email: user.email, hostTitle: user.hostTitle, name: user.name })
    .from(user)
    .where(and(eq(user.id, input.hostId), eq(user.userType, "host"), isNull(user.deletedAt)));
  if (!host) throw new AppError("not_found");
  const counted = await input.throttle.hit(`payout-onboarding:${input.hostId}`, ONBOARDING_LINKS, input.now);
  if (!counted.allowed)
    throw new AppError("rate_limited", messages.auth.tryAgainLater, { retryAfterMs: counted.retryAfterMs });
  const base = input.publicUrl.replace(/\/$/, "");
  try {
    let account = await payoutAccount(db, input.hostId);
    if (account && account.provider !== provider.name) {
      // Opened with a provider this site no longer uses: it can't be asked about, so it starts again.
      await db.delete(hostPayoutAccount).where(eq(hostPayoutAccount.hostId, input.hostId));
      account = null;
    }
    if (!account) {
      const created = await connect.createAccount({
        hostId: input.hostId,
        email: host.email,
        businessName: host.hostTitle?.trim() || host.name,
        idempotencyKey: `payout-account-${provider.name}-${input.hostId}`,
      });
      await db
        .insert(hostPayoutAccount)
        .values({ hostId: input.hostId, provider: provider.name, ...stateColumns(created), updatedAt: input.now })
        .onConflictDoNothing();
      account = await payoutAccount(db, input.hostId);
    }
    return await connect.onboardingLink({
      accountId: account!.accountId,
      returnUrl: `${base}/h/settings/payouts?from=onboarding`,
      refreshUrl: `${base}/h/settings/payouts/connect`,
    });
  } catch (error) {
    if (isAppError(error) && error.code !== "internal") throw error;
    throw new AppError("payment_failed", hostSettingsMessages.payoutsConnectFailed, {
      cause: error instanceof Error ? error.message : String(error),
    });
  }
}

function stateColumns(s: ConnectedAccountState) {
  return {
    accountId: s.accountId,
    chargesEnabled: s.chargesEnabled,
    payoutsEnabled: s.payoutsEnabled,
    detailsSubmitted: s.detailsSubmitted,
  };
}

/**
 * Asks the provider how the host's account stands now (the return from onboarding, or the page
 * opening), ACCOUNT_CHECKS times a minute per host at most; past that, what we last knew.
 */
export async function refreshPayoutAccount(
  db: Db,
  provider: PaymentProvider,
  input: { hostId: string; now: Date; throttle: Throttle },
): Promise<PayoutAccount | null> {
  const account = await payoutAccount(db, input.hostId);
  if (!account || !provider.connect || account.provider !== provider.name) return account;
  if (!(await input.throttle.hit(`payout-account-check:${input.hostId}`, ACCOUNT_CHECKS, input.now)).allowed)
    return account;
  const state = await provider.connect.retrieveAccount(account.accountId);
  await recordAccountState(db, state, input.now);
  return payoutAccount(db, input.hostId);
}

/** The same, for the account a provider's event names (a host's who uses this provider; others are ignored). */
export async function refreshPayoutAccountById(
  db: Db,
  provider: PaymentProvider,
  input: { accountId: string; now: Date },
): Promise<void> {
  const [row] = await db
    .select({ hostId: hostPayoutAccount.hostId })
    .from(hostPayoutAccount)
    .where(and(eq(hostPayoutAccount.accountId, input.accountId), eq(hostPayoutAccount.provider, provider.name)));
  if (!row || !provider.connect) return;
  await recordAccountState(db, await provider.connect.retrieveAccount(input.accountId), input.now);
}

/** The provider's word on an account (`account.updated`, or a retrieve), kept against the host it belongs to. */
export async function recordAccountState(db: Db, state: ConnectedAccountState, now: Date): Promise<boolean> {
  const updated = await db
    .update(hostPayoutAccount)
    .set({
      chargesEnabled: state.chargesEnabled,
      payoutsEnabled: state.payoutsEnabled,
      detailsSubmitted: state.detailsSubmitted,
      updatedAt: now,
    })
    .where(eq(hostPayoutAccount.accountId, state.accountId))
    .returning({ hostId: hostPayoutAccount.hostId });
  return updated.length > 0;
}

/** The account a sale of this host's goes to, when they have one that takes charges with this provider. */
export async function checkoutDestination(
  db: Db,
  input: { hostId: string; provider: PaymentProvider["name"] },
): Promise<string | null> {
  const [row] = await db
    .select({ accountId: hostPayoutAccount.accountId })
    .from(hostPayoutAccount)
    .where(
      and(
        eq(hostPayoutAccount.hostId, input.hostId),
        eq(hostPayoutAccount.provider, input.provider),
        eq(hostPayoutAccount.chargesEnabled, true),
      ),
    );
  return row?.accountId ?? null;
}

export interface HostPayouts {
  account: PayoutAccount | null;
  events: EventPayout[];
  totals: PayoutTotals[];
}

/**
 * What the host has been paid and what is due (decision 0041), from their orders: each paid
 * order's total, Ticketyboo's fee as the order recorded it, and refunds, whether it went to their
 * account at the sale (its payment's destination), and the payouts made since. Every figure comes
 * from the orders table.
 */
export async function hostPayouts(db: Db, input: { hostId: string; now: Date }): Promise<HostPayouts> {
  const orders = await db
    .select({
      eventId: order.eventId,
      currency: order.currency,
      totalPence: order.totalPence,
      platformFeePence: order.platformFeePence,
      refundedPence: order.refundedPence,
      applicationFeePence: paymentDestination.applicationFeePence,
    })
    .from(order)
    .innerJoin(event, eq(event.id, order.eventId))
    .leftJoin(payment, eq(payment.orderId, order.id))
    .leftJoin(paymentDestination, eq(paymentDestination.paymentId, payment.id))
    .where(and(eq(order.hostId, input.hostId), gt(order.totalPence, 0)));
  const payouts = await db
    .select({
      eventId: hostPayout.eventId,
      currency: hostPayout.currency,
      amountPence: hostPayout.amountPence,
      paidAt: hostPayout.paidAt,
      sending: sql<boolean>`${hostPayout.providerTransferId} is null`,
    })
    .from(hostPayout)
    .where(eq(hostPayout.hostId, input.hostId));
  const eventIds = [...new Set([...orders.map((o) => o.eventId), ...payouts.map((p) => p.eventId)])];
  const eventRows =
    eventIds.length === 0
      ? []
      : await db
          .select({ id: event.id, name: event.name, startsAt: event.startsAt, endsAt: event.endsAt })
          .from(event)
          .where(and(eq(event.hostId, input.hostId), inArray(event.id, eventIds)));
  const events = eventRows.map((e) => ({ id: e.id, name: e.name, endsAt: endOf(e) }));
  const summary = summarisePayouts({
    events,
    orders: orders.map((o): PayoutOrder => ({ ...o, applicationFeePence: o.applicationFeePence ?? null })),
    payouts,
    now: input.now,
  });
  return { account: await payoutAccount(db, input.hostId), ...summary };
}

/**
 * Takes the event's payout lock until the transaction ends (its row, FOR UPDATE): a payout of the event
 * and a host's refund on it take turns, so Ticketyboo never pays a host money it is also giving back.
 */
export async function lockEventPayout(tx: Db, eventId: string): Promise<void> {
  await tx.select({ id: event.id }).from(event).where(eq(event.id, eventId)).for("update");
}

/** Whether any refund of the event's orders has been approved and not yet made (it is money going back). */
async function refundsUnderWay(db: Db, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: cancellationRequest.id })
    .from(cancellationRequest)
    .innerJoin(order, eq(order.id, cancellationRequest.orderId))
    .where(and(eq(order.eventId, eventId), eq(cancellationRequest.status, "refunding")))
    .limit(1);
  return Boolean(row);
}

/** Whether Ticketyboo has paid the host what it collected for this event (in any currency). */
export async function eventPaidOut(db: Db, eventId: string): Promise<boolean> {
  const [row] = await db.select({ id: hostPayout.id }).from(hostPayout).where(eq(hostPayout.eventId, eventId)).limit(1);
  return Boolean(row);
}

/**
 * Whether refunding this order now would give back money Ticketyboo has already paid the host: its event
 * was paid out, and the sale was collected by Ticketyboo (a sale paid to the host's own account is
 * refunded from there, its transfer reversed). Call it holding `lockEventPayout`.
 */
export async function refundFollowsPayout(
  db: Db,
  o: { eventId: string; providerPaymentId: string | null },
): Promise<boolean> {
  if (!(await eventPaidOut(db, o.eventId))) return false;
  return !(o.providerPaymentId && (await paidToHostAccount(db, o.providerPaymentId)));
}

/** Whether a captured payment went to a host's connected account (its refund then reverses the transfer). */
export async function paidToHostAccount(db: Db, providerPaymentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentDestination.paymentId })
    .from(paymentDestination)
    .innerJoin(payment, eq(payment.id, paymentDestination.paymentId))
    .where(eq(payment.providerPaymentId, providerPaymentId))
    .limit(1);
  return Boolean(row);
}

/**
 * Pays hosts what Ticketyboo collected for their events once it is due (decision 0041): for each
 * host with a connected account that can be paid, each event and currency due now with money in it
 * and no payout yet. Each payout is first set aside in `host_payout` (unique per event and currency),
 * holding the event's payout lock, with its amount read afresh under that lock: a refund made since is
 * counted, one still under way waits for the next run, and no host refund can start once it is set
 * aside (decision 0054). Then it is sent by one transfer keyed by event and currency (asked again, the
 * provider answers the same transfer) and its transfer recorded. A payout whose transfer got no answer
 * stays set aside, shown as being paid, and is asked for again, with the same key and amount, on the
 * next run before anything else of that host's. Answers the payouts sent.
 */
export async function payOutDueEvents(
  db: Db,
  provider: PaymentProvider,
  now: Date,
): Promise<{ hostId: string; eventId: string; amountPence: number }[]> {
  const connect = provider.connect;
  if (!connect) return [];
  const accounts = await db
    .select({ hostId: hostPayoutAccount.hostId, accountId: hostPayoutAccount.accountId })
    .from(hostPayoutAccount)
    .where(and(eq(hostPayoutAccount.provider, provider.name), eq(hostPayoutAccount.payoutsEnabled, true)));
  const paid: { hostId: string; eventId: string; amountPence: number }[] = [];
  const payable = (e: EventPayout | undefined): e is EventPayout =>
    e !== undefined && e.state === "due" && e.balancePence > 0 && e.paidOutPence === 0;
  type SetAside = Pick<
    typeof hostPayout.$inferSelect,
    "id" | "hostId" | "eventId" | "currency" | "amountPence" | "accountId"
  > & { name: string };
  // Sends one payout set aside; false when the provider refused or did not answer (it stays set aside).
  const send = async (p: SetAside) => {
    try {
      const { transferId } = await connect.transfer({
        accountId: p.accountId,
        amountPence: p.amountPence,
        currency: p.currency,
        description: `Ticketyboo payout: ${p.name}`,
        idempotencyKey: `payout-${p.eventId}-${p.currency}`,
      });
      await db.update(hostPayout).set({ providerTransferId: transferId }).where(eq(hostPayout.id, p.id));
      paid.push({ hostId: p.hostId, eventId: p.eventId, amountPence: p.amountPence });
      return true;
    } catch {
      return false;
    }
  };
  hosts: for (const { hostId, accountId } of accounts) {
    const unsent = await db
      .select({
        id: hostPayout.id,
        hostId: hostPayout.hostId,
        eventId: hostPayout.eventId,
        currency: hostPayout.currency,
        amountPence: hostPayout.amountPence,
        accountId: hostPayout.accountId,
        name: event.name,
      })
      .from(hostPayout)
      .innerJoin(event, eq(event.id, hostPayout.eventId))
      .where(and(eq(hostPayout.hostId, hostId), isNull(hostPayout.providerTransferId)));
    for (const p of unsent) if (!(await send(p))) continue hosts;

    const { events } = await hostPayouts(db, { hostId, now });
    for (const candidate of events.filter(payable)) {
      const setAside = await db.transaction(async (tx) => {
        await lockEventPayout(tx, candidate.eventId);
        if (await refundsUnderWay(tx, candidate.eventId)) return null;
        const e = (await hostPayouts(tx, { hostId, now })).events.find(
          (x) => x.eventId === candidate.eventId && x.currency === candidate.currency,
        );
        if (!payable(e)) return null;
        const [row] = await tx
          .insert(hostPayout)
          .values({
            hostId,
            eventId: e.eventId,
            currency: e.currency,
            amountPence: e.balancePence,
            accountId,
            paidAt: now,
          })
          .onConflictDoNothing()
          .returning();
        return row ? { ...row, name: e.name } : null;
      });
      // The provider refused or could not be reached: the rest of this host's wait for the next run.
      if (setAside && !(await send(setAside))) break;
    }
  }
  return paid;
}
