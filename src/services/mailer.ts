import type { EmailAttachmentRef } from "~/db/schema";
import type {
  CampaignEmailProps,
  CancellationDecidedProps,
  CancellationRequestedProps,
  EmailChangedProps,
  EventCancelledProps,
  EventChangedProps,
  EventLinkProps,
  WaitlistEventCancelledProps,
  EventReminderProps,
  HostSummaryProps,
  OrderConfirmationProps,
  OrderRefundedProps,
  RefundIssuedProps,
  TeamInvitationProps,
  TicketSharedProps,
  WaitlistOfferProps,
} from "./emails/templates";

/**
 * The mailer port: what the rest of the app knows about email, a template name with its props and
 * a mailer that queues it. Rendering (React Email), the queue (pg-boss) and delivery (SMTP or the
 * dev outbox) live behind this interface in `src/server/email/mailer.server.ts`.
 */
export type EmailTemplate =
  | { name: "verify-email"; props: { firstName: string; url: string } }
  | { name: "reset-password"; props: { firstName: string; url: string } }
  | { name: "change-email"; props: { firstName: string; url: string; newEmail: string } }
  | { name: "email-changed"; props: EmailChangedProps }
  | { name: "welcome"; props: { firstName: string; userType: "buyer" | "host" } }
  | { name: "host-onboarding"; props: { hostName: string; profileDone?: boolean } }
  | { name: "order-confirmation"; props: OrderConfirmationProps }
  | { name: "order-refunded"; props: OrderRefundedProps }
  | { name: "ticket-shared"; props: TicketSharedProps }
  | { name: "cancellation-requested"; props: CancellationRequestedProps }
  | { name: "cancellation-decided"; props: CancellationDecidedProps }
  | { name: "refund-issued"; props: RefundIssuedProps }
  | { name: "waitlist-offer"; props: WaitlistOfferProps }
  | { name: "event-reminder"; props: EventReminderProps }
  | { name: "event-cancelled"; props: EventCancelledProps }
  | { name: "event-changed"; props: EventChangedProps }
  | { name: "event-link"; props: EventLinkProps }
  | { name: "waitlist-event-cancelled"; props: WaitlistEventCancelledProps }
  | { name: "team-invitation"; props: TeamInvitationProps }
  | { name: "host-summary"; props: HostSummaryProps }
  | { name: "campaign"; props: CampaignEmailProps };

export type EmailTemplateName = EmailTemplate["name"];

export interface SendEmailInput {
  to: string;
  template: EmailTemplate;
  /** The account this email concerns, so it can be found (and erased) with the account. */
  userId?: string | null;
  /** Files made as the email is delivered (an order's tickets as a PDF). */
  attachments?: EmailAttachmentRef[];
  /** Extra headers: List-Unsubscribe and List-Unsubscribe-Post on emails a person can turn off. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Renders and queues the email; resolves once it is stored and queued, not when delivered. */
  send(input: SendEmailInput): Promise<{ id: string }>;
  /** Puts a failed email back on the queue with a fresh set of retries; false if it was not failed. */
  retry(id: string): Promise<boolean>;
  /** The email as it would be sent (subject, HTML, text), without storing or sending it: for previews. */
  render(template: EmailTemplate): Promise<{ subject: string; html: string; text: string }>;
}

/** A file for an email, made when it is sent rather than stored with it (see email_message.attachments). */
export type AttachmentMaker = (
  ref: EmailAttachmentRef,
) => Promise<{ filename: string; content: Buffer; contentType: string } | null>;
