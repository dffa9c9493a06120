import { and, eq, isNotNull, ne } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { cancellationRequest, event, order, orderLine, ticket, user, waitlistEntry } from "~/db/schema";
import { formatMoney, formatWhenInFull } from "~/lib/format";
import { londonYmd } from "~/lib/london-time";
import { directionsUrl } from "~/lib/maps";
import { lineLabel } from "~/domain/companion-tickets";
import { joinLink } from "~/domain/event-flags";
import { addNotification } from "../add-notification";
import type { AfterCommitWork, CancellationOutcome, EventWas } from "../after-commit";
import { eventPlace } from "../event-place";
import { eventChangedTitle, eventLinkTitle } from "./templates";
import { claimDueReminders } from "../event-reminders";
import { getOrder } from "../get-order";
import { getMyTicket } from "../list-my-tickets";
import type { AttachmentMaker, EmailTemplate, Mailer } from "../mailer";
import { describeRefundedPayment } from "../settle-payment";
import { ticketDocuments } from "../ticket-documents";
import { renderTicketsPdf } from "../ticket-pdf.server";
import { transferStillPending } from "../transfer-ticket";
import { claimOfferNotices } from "../waitlist-offers";
import { sendHostOnboarding } from "./host-onboarding";
import { postToTeamChat } from "../team-chat-posts";
import type { ChatPoster } from "../submit-feedback";
import { sendTeamInvitation } from "./team-invitation";

/**
 * Signed links a person can follow to stop reminders (the server makes them: src/server/email/unsubscribe.server.ts).
 */
export interface UnsubscribeLinks {
  /** For the List-Unsubscribe header: one POST, no page. */
  oneClickUrl(userId: string): string;
  /** For the link in the email: a page that says what was turned off. */
  pageUrl(userId: string): string;
}

/**
 * The emails sent after a sale, each composed from the rows it is about (read when it is sent, so
 * it says what is true then) and handed to the mailer; the feed notes that go with them too. They run
 * as after-commit work (`doAfterCommitWork`, called by the worker in
 * src/server/jobs/after-commit.server.ts), never in a request.
 */

/** What every after-sale email needs: the database, the mailer and the site's address. */
export interface EmailDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  /** The team's chat, for `team-chat` work (visitors' messages); absent or unconfigured, nothing is posted. */
  teamChat?: ChatPoster | null;
}

const base = (publicUrl: string) => publicUrl.replace(/\/$/, "");
const when = formatWhenInFull;
const firstName = (name: string) => name.split(" ")[0] ?? "";

/** The files emails name: an order's tickets, as a PDF made when the email is sent. */
export function ticketAttachments(db: Db): AttachmentMaker {
  return async (ref) => {
    if (ref.kind !== "order-tickets") return null;
    // Made when the email goes, which may be after a retry: only what its person still holds then.
    const docs = await ticketDocuments(db, { orderId: ref.orderId, holderId: ref.holderId ?? undefined });
    if (!docs) return null;
    return {
      filename: `tickets-${docs.reference}.pdf`,
      content: await renderTicketsPdf(docs.tickets, { title: `Tickets ${docs.reference}` }),
      contentType: "application/pdf",
    };
  };
}

/** To the friend a ticket was sent to: what it is, and the link to claim it. */
export async function sendTicketShared(
  deps: EmailDeps,
  input: {
    ticketId: string;
    from: { id: string; name: string };
    toEmail: string;
    toName: string | null;
    token: string;
  },
) {
  // Read when the email goes: a transfer taken back before then is not announced.
  if (!(await transferStillPending(deps.db, input.token))) return;
  const t = await getMyTicket(deps.db, { ticketId: input.ticketId, userId: input.from.id });
  if (!t) return;
  await deps.mailer.send({
    to: input.toEmail,
    template: {
      name: "ticket-shared",
      props: {
        toName: input.toName,
        toEmail: input.toEmail,
        fromName: input.from.name,
        eventName: t.event.name,
        when: when(t.event.startsAt, t.event.endsAt),
        where: t.venue ? `${t.venue.name}, ${t.venue.address}` : "Online",
        ticketName: t.seat !== null ? `${t.typeName}, seat ${t.seat}` : t.typeName,
        claimUrl: `${base(deps.publicUrl)}/tickets/claim/${input.token}`,
      },
    },
  });
}

/** To the host: a buyer asks to cancel, with their reason; and a note in the host's feed. */
export async function sendCancellationRequested(deps: EmailDeps, requestId: string) {
  const [row] = await deps.db
    .select({
      request: cancellationRequest,
      order,
      event: { name: event.name },
      host: { id: user.id, email: user.email, firstName: user.firstName, name: user.name },
    })
    .from(cancellationRequest)
    .innerJoin(order, eq(order.id, cancellationRequest.orderId))
    .innerJoin(event, eq(event.id, order.eventId))
    .innerJoin(user, eq(user.id, order.hostId))
    .where(eq(cancellationRequest.id, requestId));
  if (!row) return;
  const lines = await deps.db.select().from(orderLine).where(eq(orderLine.orderId, row.order.id));
  const tickets = lines.map((l) => lineLabel(l)).join(", ");
  await deps.mailer.send({
    to: row.host.email,
    userId: row.host.id,
    template: {
      name: "cancellation-requested",
      props: {
        hostName: row.host.firstName ?? firstName(row.host.name),
        buyerName: row.order.buyerName,
        reference: row.order.reference,
        eventName: row.event.name,
        tickets,
        total: formatMoney(row.order.totalPence, row.order.currency),
        reason: row.request.reason,
        manageUrl: `${base(deps.publicUrl)}/h/tickets?view=requests`,
      },
    },
  });
  await addNotification(deps.db, {
    userId: row.host.id,
    title: `Cancellation requested: ${row.event.name}`,
    body: `${row.order.buyerName} asks to cancel ${tickets} (${row.order.reference}).`,
    link: "/h/tickets?view=requests",
  });
}

/**
 * To the buyer: what became of their cancellation, and, when money goes back, a refund receipt.
 * A note goes in their feed too.
 */
export async function sendCancellationOutcome(
  deps: EmailDeps,
  input: {
    orderId: string;
    outcome: CancellationOutcome;
    refundPence: number;
    hostMessage: string | null;
  },
) {
  const [row] = await deps.db
    .select({ order, eventName: event.name })
    .from(order)
    .innerJoin(event, eq(event.id, order.eventId))
    .where(eq(order.id, input.orderId));
  if (!row) return;
  const o = row.order;
  const orderUrl = `${base(deps.publicUrl)}/orders/${o.reference}`;
  const refund = input.refundPence > 0 ? formatMoney(input.refundPence, o.currency) : null;
  const { outcome } = input;
  // A cancelled event's buyers heard of the cancellation with it (sendEventCancelled): here only the refund.
  if (outcome !== "event_cancelled") {
    await deps.mailer.send({
      to: o.buyerEmail,
      userId: o.userId,
      template: {
        name: "cancellation-decided",
        props: {
          firstName: firstName(o.buyerName),
          reference: o.reference,
          eventName: row.eventName,
          outcome,
          refund,
          hostMessage: input.hostMessage,
          orderUrl,
        },
      },
    });
  }
  if (refund) {
    await deps.mailer.send({
      to: o.buyerEmail,
      userId: o.userId,
      template: {
        name: "refund-issued",
        props: {
          firstName: firstName(o.buyerName),
          reference: o.reference,
          eventName: row.eventName,
          amount: refund,
          paid: input.refundPence < o.totalPence ? formatMoney(o.totalPence, o.currency) : null,
          orderUrl,
        },
      },
    });
  }
  if (o.userId) {
    const title =
      outcome === "declined"
        ? `Your cancellation request for ${row.eventName} was declined`
        : outcome === "event_cancelled"
          ? `Refunded: ${refund ?? formatMoney(0, o.currency)} for ${row.eventName}`
          : refund
            ? `Cancelled: ${row.eventName}, ${refund} refunded`
            : `Cancelled: ${row.eventName}`;
    await addNotification(deps.db, {
      userId: o.userId,
      title,
      body: input.hostMessage ? `The host says: ${input.hostMessage}` : "",
      link: `/orders/${o.reference}`,
    });
  }
}

/**
 * The people other than the buyer holding tickets from an order (passed on to them), once each. A
 * cancelled event's tickets are void by the time its email is made, so that one asks for those too.
 */
async function friendsHolding(db: Db, o: { id: string; userId: string | null }, { voidToo }: { voidToo: boolean }) {
  const holders = await db
    .selectDistinct({ id: user.id, email: user.email, firstName: user.firstName, name: user.name })
    .from(ticket)
    .innerJoin(user, eq(user.id, ticket.holderUserId))
    .where(
      and(eq(ticket.orderId, o.id), isNotNull(ticket.holderUserId), voidToo ? undefined : ne(ticket.status, "void")),
    );
  return holders.filter((h) => h.id !== o.userId);
}

/**
 * The host cancelled the event: the order's buyer is told, with the refund on its way when they
 * paid, and so is each friend holding one of its tickets. A note goes in each person's feed too.
 */
export async function sendEventCancelled(deps: EmailDeps, input: { orderId: string; refundPence: number }) {
  const [row] = await deps.db
    .select({ order, event: { name: event.name, startsAt: event.startsAt, endsAt: event.endsAt } })
    .from(order)
    .innerJoin(event, eq(event.id, order.eventId))
    .where(eq(order.id, input.orderId));
  if (!row) return;
  const o = row.order;
  const site = base(deps.publicUrl);
  const common = {
    eventName: row.event.name,
    when: when(row.event.startsAt, row.event.endsAt),
    reference: o.reference,
  };
  const title = `Cancelled: ${row.event.name}`;
  await deps.mailer.send({
    to: o.buyerEmail,
    userId: o.userId,
    template: {
      name: "event-cancelled",
      props: {
        ...common,
        firstName: firstName(o.buyerName),
        refund: input.refundPence > 0 ? formatMoney(input.refundPence, o.currency) : null,
        url: `${site}/orders/${o.reference}`,
        isBuyer: true,
      },
    },
  });
  if (o.userId) await addNotification(deps.db, { userId: o.userId, title, body: "", link: `/orders/${o.reference}` });
  for (const h of await friendsHolding(deps.db, o, { voidToo: true })) {
    await deps.mailer.send({
      to: h.email,
      userId: h.id,
      template: {
        name: "event-cancelled",
        props: {
          ...common,
          firstName: h.firstName ?? firstName(h.name),
          refund: null,
          url: `${site}/u/tickets`,
          isBuyer: false,
        },
      },
    });
    await addNotification(deps.db, { userId: h.id, title, body: "", link: "/u/tickets" });
  }
}

/**
 * The host moved the event: the order's buyer and each friend holding one of its tickets are told when
 * and where it is now, beside what changed, with a note in their feed. Nothing is sent when the order
 * or the event no longer stands, or when the host has since put the time and place back as they were.
 */
export async function sendEventChanged(deps: EmailDeps, input: { orderId: string; was: EventWas }) {
  const row = await standingOrder(deps.db, input.orderId);
  if (!row || row.event.isCancelled) return;
  const o = row.order;
  const now = { when: when(row.event.startsAt, row.event.endsAt), where: await eventPlace(deps.db, row.event) };
  const joinUrl = joinLink(row.event);
  const was = {
    when: when(new Date(input.was.startsAt), input.was.endsAt ? new Date(input.was.endsAt) : null),
    where: input.was.where,
  };
  const wasWhen = was.when !== now.when ? was.when : null;
  const wasWhere = was.where !== now.where ? was.where : null;
  if (!wasWhen && !wasWhere) return;
  const sameDay = londonYmd(new Date(input.was.startsAt)) === londonYmd(row.event.startsAt);
  const common = { eventName: row.event.name, ...now, joinUrl, wasWhen, wasWhere, sameDay, reference: o.reference };
  await tellHolders(deps, o, {
    title: eventChangedTitle(common),
    body: `Now ${now.when}, ${now.where}.`,
    email: (who) => ({ name: "event-changed", props: { ...common, ...who } }),
  });
}

/** An order that still stands (paid or free) and its event, as the holders' emails read them; null otherwise. */
async function standingOrder(db: Db, orderId: string) {
  const [row] = await db
    .select({
      order,
      event: {
        name: event.name,
        startsAt: event.startsAt,
        endsAt: event.endsAt,
        venueId: event.venueId,
        isOnline: event.isOnline,
        onlineUrl: event.onlineUrl,
        isCancelled: event.isCancelled,
        status: event.status,
      },
    })
    .from(order)
    .innerJoin(event, eq(event.id, order.eventId))
    .where(eq(order.id, orderId));
  if (!row || row.event.status === "deleted") return null;
  return row.order.status === "paid" || row.order.status === "free" ? row : null;
}

/**
 * An order's buyer and each friend holding one of its tickets: an email each (the buyer's pointing at
 * the order, a friend's at their tickets) and the same note in their feed.
 */
async function tellHolders(
  deps: EmailDeps,
  o: { id: string; userId: string | null; buyerEmail: string; buyerName: string; reference: string },
  tell: {
    title: string;
    body: string;
    email: (who: { firstName: string; url: string; isBuyer: boolean }) => EmailTemplate;
  },
) {
  const site = base(deps.publicUrl);
  const note = { title: tell.title, body: tell.body };
  const url = `${site}/orders/${o.reference}`;
  await deps.mailer.send({
    to: o.buyerEmail,
    userId: o.userId,
    template: tell.email({ firstName: firstName(o.buyerName), url, isBuyer: true }),
  });
  if (o.userId) await addNotification(deps.db, { userId: o.userId, ...note, link: `/orders/${o.reference}` });
  for (const h of await friendsHolding(deps.db, o, { voidToo: false })) {
    const who = { firstName: h.firstName ?? firstName(h.name), url: `${site}/u/tickets`, isBuyer: false };
    await deps.mailer.send({ to: h.email, userId: h.id, template: tell.email(who) });
    await addNotification(deps.db, { userId: h.id, ...note, link: "/u/tickets" });
  }
}

/**
 * The host added the link an online event is joined by, or changed it: the order's buyer and each friend
 * holding one of its tickets get the link as it is now, with a note in their feed. Nothing is sent when
 * the order or the event no longer stands, or the event has no link (or is no longer online) by then.
 */
export async function sendEventLink(deps: EmailDeps, input: { orderId: string; added: boolean }) {
  const row = await standingOrder(deps.db, input.orderId);
  if (!row) return;
  const joinUrl = joinLink(row.event);
  if (!joinUrl) return;
  const common = {
    eventName: row.event.name,
    when: when(row.event.startsAt, row.event.endsAt),
    joinUrl,
    added: input.added,
    reference: row.order.reference,
  };
  await tellHolders(deps, row.order, {
    title: eventLinkTitle(common),
    body: "The link is on your tickets.",
    email: (who) => ({ name: "event-link", props: { ...common, ...who } }),
  });
}

/** Someone waiting for places at an event its host cancelled is told their wait is over (and in their feed). */
export async function sendWaitlistEventCancelled(deps: EmailDeps, entryId: string) {
  const [row] = await deps.db
    .select({
      userId: user.id,
      email: user.email,
      firstName: user.firstName,
      name: user.name,
      eventName: event.name,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
    })
    .from(waitlistEntry)
    .innerJoin(user, eq(user.id, waitlistEntry.userId))
    .innerJoin(event, eq(event.id, waitlistEntry.eventId))
    .where(eq(waitlistEntry.id, entryId));
  if (!row) return;
  await deps.mailer.send({
    to: row.email,
    userId: row.userId,
    template: {
      name: "waitlist-event-cancelled",
      props: {
        firstName: row.firstName ?? firstName(row.name),
        eventName: row.eventName,
        when: when(row.startsAt, row.endsAt),
        url: `${base(deps.publicUrl)}/explore`,
      },
    },
  });
  await addNotification(deps.db, {
    userId: row.userId,
    title: `Cancelled: ${row.eventName}`,
    body: "You're no longer on its waitlist.",
    link: "/explore",
  });
}

/** Emails (and feed notes) for waitlist offers not yet told, each once. */
export async function sendWaitlistOffers(deps: EmailDeps, now: Date): Promise<number> {
  const notices = await claimOfferNotices(deps.db, now);
  for (const n of notices) {
    const checkoutUrl = `${base(deps.publicUrl)}/checkout/${n.holdId}`;
    const until = formatWhenInFull(n.expiresAt, null);
    await deps.mailer.send({
      to: n.email,
      userId: n.userId,
      template: {
        name: "waitlist-offer",
        props: {
          firstName: n.firstName,
          eventName: n.eventName,
          when: when(n.startsAt, n.endsAt),
          quantity: n.quantity,
          asked: n.asked,
          until,
          checkoutUrl,
        },
      },
    });
    await addNotification(deps.db, {
      userId: n.userId,
      title: `Places held for you: ${n.eventName}`,
      body: `Book by ${until}, or they go to the next person waiting.`,
      link: `/checkout/${n.holdId}`,
    });
  }
  return notices.length;
}

/** The day-before reminders now due, each once, with a one-click unsubscribe. */
export async function sendEventReminders(
  deps: EmailDeps & { unsubscribe: UnsubscribeLinks },
  now: Date,
): Promise<number> {
  const due = await claimDueReminders(deps.db, now);
  for (const r of due) {
    await deps.mailer.send({
      to: r.email,
      userId: r.userId,
      headers: {
        "List-Unsubscribe": `<${deps.unsubscribe.oneClickUrl(r.userId)}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
      template: {
        name: "event-reminder",
        props: {
          firstName: r.firstName,
          eventName: r.event.name,
          when: when(r.event.startsAt, r.event.endsAt),
          where: r.event.isOnline ? "Online" : `${r.event.venueName}, ${r.event.address}`,
          tickets: r.tickets,
          ticketsUrl: `${base(deps.publicUrl)}/u/tickets`,
          directionsUrl: r.event.lat !== null && r.event.lng !== null ? directionsUrl(r.event.lat, r.event.lng) : null,
          joinUrl: r.event.onlineUrl,
          unsubscribeUrl: deps.unsubscribe.pageUrl(r.userId),
        },
      },
    });
  }
  return due.length;
}

/** The confirmation for a completed order: the event, each ticket's code, and a link to the tickets. */
export async function sendOrderConfirmation(deps: EmailDeps, orderId: string): Promise<void> {
  const o = await getOrder(deps.db, { orderId });
  if (!o || o.tickets.length === 0) return;
  await deps.mailer.send({
    to: o.buyerEmail,
    userId: o.userId,
    // The tickets as a PDF, one page each, made as the email goes: the ones the buyer holds then.
    attachments: [{ kind: "order-tickets", orderId: o.id, holderId: o.userId }],
    template: {
      name: "order-confirmation",
      props: {
        firstName: firstName(o.buyerName),
        reference: o.reference,
        eventName: o.event.name,
        when: when(o.event.startsAt, o.event.endsAt),
        where: o.event.venue ? `${o.event.venue.name}, ${o.event.venue.address}` : "Online",
        tickets: o.tickets.map((t) => ({
          name: t.typeName,
          seat: t.seat,
          code: t.code,
        })),
        total: o.totalPence === 0 ? "Free" : formatMoney(o.totalPence, o.currency),
        orderUrl: `${base(deps.publicUrl)}/orders/${o.reference}`,
        joinUrl: o.event.joinUrl,
      },
    },
  });
}

/** Tells the buyer a payment that could not become tickets was refunded, and why. */
export async function sendPaymentRefunded(deps: EmailDeps, paymentId: string): Promise<void> {
  const r = await describeRefundedPayment(deps.db, paymentId);
  if (!r) return;
  await deps.mailer.send({
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
        url:
          r.reason === "already_paid" && r.orderReference
            ? `${base(deps.publicUrl)}/orders/${r.orderReference}`
            : `${base(deps.publicUrl)}/events/${r.eventSlug}`,
      },
    },
  });
}

/**
 * Does one piece of after-commit work (see src/services/after-commit.ts). Work may be done more
 * than once if the process stops between doing it and recording that it was done (an email sent
 * twice, never not at all).
 */
export async function doAfterCommitWork(deps: EmailDeps, work: AfterCommitWork, now: Date): Promise<void> {
  switch (work.kind) {
    case "order-confirmation":
      return sendOrderConfirmation(deps, work.orderId);
    case "payment-refunded":
      return sendPaymentRefunded(deps, work.paymentId);
    case "ticket-shared":
      return sendTicketShared(deps, work);
    case "cancellation-requested":
      return sendCancellationRequested(deps, work.requestId);
    case "cancellation-outcome":
      return sendCancellationOutcome(deps, work);
    case "event-cancelled":
      return sendEventCancelled(deps, work);
    case "event-changed":
      return sendEventChanged(deps, work);
    case "event-link":
      return sendEventLink(deps, work);
    case "waitlist-event-cancelled":
      return sendWaitlistEventCancelled(deps, work.entryId);
    case "waitlist-offers":
      await sendWaitlistOffers(deps, now);
      return;
    case "host-onboarding":
      return sendHostOnboarding(deps, work.userId);
    case "team-invitation":
      return sendTeamInvitation(deps, work, now);
    case "team-chat":
      return postToTeamChat(deps, work);
  }
}
