/**
 * What each after-sale email says, as the use cases that send them compose it: the props of the
 * server's React Email templates (src/server/email/templates), which import these types. Links are
 * absolute (the composer is given the site's address).
 */

export interface EmailChangedProps {
  firstName: string;
  newEmail: string;
  /** Puts this address back on the account and signs it out everywhere. */
  undoUrl: string;
  undoDays: number;
}

export interface EventReminderProps {
  firstName: string;
  eventName: string;
  when: string;
  where: string;
  tickets: number;
  ticketsUrl: string;
  /** A map link for a venue; null online. */
  directionsUrl: string | null;
  /** The link an online event is joined by, once its host has added it (absent in emails queued before). */
  joinUrl?: string | null;
  unsubscribeUrl: string;
}

export interface OrderConfirmationProps {
  firstName: string;
  reference: string;
  eventName: string;
  /** 'Thursday 26 November 2026, 7:30 pm – 11:00 pm' */
  when: string;
  where: string;
  tickets: { name: string; seat: string | null; code: string }[];
  /** '£20.20', or 'Free' */
  total: string;
  orderUrl: string;
  /** The link an online event is joined by, once its host has added it (absent in emails queued before). */
  joinUrl?: string | null;
}

export interface OrderRefundedProps {
  firstName: string;
  /** The hold's order, when it has one (the refunded late order, or the tickets already bought). */
  reference: string | null;
  eventName: string;
  /** '£20.20' */
  amount: string;
  /** Why the payment could not become tickets (see PAYMENT_REFUND_REASONS). */
  reason: "sold_out" | "already_paid" | "amount_changed" | "event_closed";
  /** The event's page, or the order's when the buyer already has their tickets. */
  url: string;
}

export interface TicketSharedProps {
  /** The friend's name, if the sender gave it. */
  toName: string | null;
  /** The address it was sent to: only an account with it can claim the ticket. */
  toEmail: string;
  fromName: string;
  eventName: string;
  when: string;
  where: string;
  ticketName: string;
  claimUrl: string;
}

export interface CancellationRequestedProps {
  hostName: string;
  buyerName: string;
  reference: string;
  eventName: string;
  /** '2 × General admission' */
  tickets: string;
  /** '£20.20' */
  total: string;
  reason: string;
  manageUrl: string;
}

export interface CancellationDecidedProps {
  firstName: string;
  reference: string;
  eventName: string;
  /**
   * approved (by the host, for a paid order), declined, cancelled (a free order, by the buyer), or
   * cancelled_by_host (a free booking the host cancelled).
   */
  outcome: "approved" | "declined" | "cancelled" | "cancelled_by_host";
  /** '£20.20' when money goes back. */
  refund: string | null;
  hostMessage: string | null;
  orderUrl: string;
}

export interface RefundIssuedProps {
  firstName: string;
  reference: string;
  eventName: string;
  /** '£20.20' */
  amount: string;
  /** What the order cost, when this refund is only part of it. */
  paid?: string | null;
  orderUrl: string;
}

export interface WaitlistOfferProps {
  firstName: string;
  eventName: string;
  when: string;
  /** Places held. */
  quantity: number;
  /** Places they asked for: more than `quantity` when fewer came up (absent in emails queued before it was). */
  asked?: number;
  /** 'Wednesday 25 November, 12:00 am' */
  until: string;
  checkoutUrl: string;
}

/** To someone still waiting for places at an event its host cancelled: the wait is over. */
export interface WaitlistEventCancelledProps {
  firstName: string;
  eventName: string;
  when: string;
  /** Where to find something else: Explore. */
  url: string;
}

/** To everyone holding a ticket for an event whose host moved it to another time or place. */
export interface EventChangedProps {
  firstName: string;
  eventName: string;
  /** When it is now: 'Thursday 26 November 2026, 7:30 pm – 11:00 pm' */
  when: string;
  /** Where it is now: 'The Crown, 1 High Street, Sheffield', 'Online' */
  where: string;
  /** Online now, the link it is joined by, once its host has added it (absent in emails queued before). */
  joinUrl?: string | null;
  /** When it was to be, when that changed; null when only the place did. */
  wasWhen: string | null;
  /** Where it was to be, when that changed; null when only the time did. */
  wasWhere: string | null;
  /** The start moved within its UK day: a new time rather than a new date (absent in emails queued before). */
  sameDay?: boolean;
  reference: string;
  /** The buyer sees their order; someone given a ticket sees their tickets. */
  url: string;
  isBuyer: boolean;
}

export interface EventLinkProps {
  firstName: string;
  eventName: string;
  /** 'Thursday 26 November 2026, 7:30 pm – 11:00 pm' */
  when: string;
  /** The link it is joined by now. */
  joinUrl: string;
  /** True when the event had no link before; false when the host changed it. */
  added: boolean;
  reference: string;
  /** The buyer sees their order; someone given a ticket sees their tickets. */
  url: string;
  isBuyer: boolean;
}

/** The subject of the email and the title of the note in the feed. */
export const eventLinkTitle = ({ eventName, added }: Pick<EventLinkProps, "eventName" | "added">) =>
  added ? `How to join ${eventName}` : `A new link to join ${eventName}`;

type Moved = Pick<EventChangedProps, "wasWhen" | "wasWhere" | "sameDay">;

/** What a host moved, as the email and the feed say it: its date (its time, on the same day), its place, or both. */
export function whatMoved({ wasWhen, wasWhere, sameDay }: Moved) {
  const start = sameDay ? "time" : "date";
  return wasWhen && wasWhere ? `${start} and place` : wasWhere ? "place" : start;
}

/** The subject of the email and the title of the note in the feed. */
export const eventChangedTitle = (props: Moved & Pick<EventChangedProps, "eventName">) =>
  `New ${whatMoved(props)} for ${props.eventName}`;

export interface EventCancelledProps {
  firstName: string;
  eventName: string;
  /** When it was to be: 'Thursday 26 November 2026, 7:30 pm – 11:00 pm' */
  when: string;
  reference: string;
  /** For the buyer of a paid order: '£20.20', on its way back. Null for free bookings and for a friend's ticket. */
  refund: string | null;
  /** The buyer sees their order; someone given a ticket sees their tickets. */
  url: string;
  /** False for someone holding a ticket a friend bought: the buyer is refunded, not them. */
  isBuyer: boolean;
}

export interface TeamInvitationProps {
  /** The host's name as the Studio shows it. */
  hostTitle: string;
  /** Who pressed Invite, when known. */
  inviterName: string | null;
  /** 'Manager' */
  role: string;
  /** What that role may do. */
  roleDescription: string;
  /** 'Thursday 3 December 2026, 10:00 am' */
  until: string;
  acceptUrl: string;
}

/** A host's summary: a month of all their events, or one event once it is over (issue 21). */
export interface HostSummaryProps {
  hostName: string;
  kind: "month" | "event";
  /** 'November 2026', or the event's name. */
  title: string;
  /** The figures as the reports show them: 'Tickets sold' → '1.2k', 'Net sales' → '£3.4k'. */
  figures: { label: string; value: string }[];
  /** A month's best events by gross sales, with what each took. */
  topEvents: { name: string; gross: string }[];
  reportUrl: string;
}

/** A campaign block as the email shows it: links already absolute (and, when sent, through our click counter). */
export type CampaignEmailBlock =
  | { kind: "heading"; text: string }
  | { kind: "text"; text: string }
  | { kind: "button"; label: string; url: string }
  | { kind: "image"; url: string; alt: string }
  | {
      kind: "event";
      name: string;
      when: string;
      where: string;
      /** The headline all-in price ('Free Entry', 'From £12.50'), or null when nothing is on sale. */
      price: string | null;
      url: string;
      imageUrl: string | null;
    };

/** A host's marketing email (decision 0040). */
export interface CampaignEmailProps {
  subject: string;
  previewText: string;
  hostName: string;
  blocks: CampaignEmailBlock[];
  /** The page that unsubscribes this address from this host (also in List-Unsubscribe). */
  unsubscribeUrl: string;
  /** A one-pixel picture that records the first open; null for test sends and previews. */
  openPixelUrl: string | null;
}
