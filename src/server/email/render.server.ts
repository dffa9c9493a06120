import { render } from "@react-email/render";
import { createElement, type ReactElement } from "react";
import type { EmailTemplate } from "~/services/mailer";
import { Campaign, campaignSubject } from "./templates/campaign";
import { CancellationDecided, cancellationDecidedSubject } from "./templates/cancellation-decided";
import { CancellationRequested, cancellationRequestedSubject } from "./templates/cancellation-requested";
import { ChangeEmail, changeEmailSubject } from "./templates/change-email";
import { EmailChanged, emailChangedSubject } from "./templates/email-changed";
import { EventCancelled, eventCancelledSubject } from "./templates/event-cancelled";
import { EventChanged, eventChangedSubject } from "./templates/event-changed";
import { EventLink, eventLinkSubject } from "./templates/event-link";
import { WaitlistEventCancelled, waitlistEventCancelledSubject } from "./templates/waitlist-event-cancelled";
import { EventReminder, eventReminderSubject } from "./templates/event-reminder";
import { HostOnboarding, hostOnboardingSubject } from "./templates/host-onboarding";
import { HostSummary, hostSummarySubject } from "./templates/host-summary";
import { OrderConfirmation, orderConfirmationSubject } from "./templates/order-confirmation";
import { OrderRefunded, orderRefundedSubject } from "./templates/order-refunded";
import { RefundIssued, refundIssuedSubject } from "./templates/refund-issued";
import { ResetPassword, resetPasswordSubject } from "./templates/reset-password";
import { TeamInvitation, teamInvitationSubject } from "./templates/team-invitation";
import { TicketShared, ticketSharedSubject } from "./templates/ticket-shared";
import { VerifyEmail, verifyEmailSubject } from "./templates/verify-email";
import { WaitlistOffer, waitlistOfferSubject } from "./templates/waitlist-offer";
import { Welcome, welcomeSubject } from "./templates/welcome";

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export interface RenderContext {
  /** The site's address (PUBLIC_URL), for links that are not in the template's props. */
  publicUrl: string;
}

/** Turns a template and its props into the subject, the HTML and React Email's plain-text version. */
export async function renderEmail(template: EmailTemplate, context: RenderContext): Promise<RenderedEmail> {
  const publicUrl = context.publicUrl.replace(/\/+$/, "");
  const { subject, element } = compose(template, publicUrl);
  const [html, text] = await Promise.all([
    render(element),
    render(element, {
      plainText: true,
      htmlToTextOptions: { selectors: [{ selector: "h1", options: { uppercase: false } }] },
    }),
  ]);
  return { subject, html, text };
}

function compose(template: EmailTemplate, publicUrl: string): { subject: string; element: ReactElement } {
  switch (template.name) {
    case "verify-email":
      return { subject: verifyEmailSubject(), element: createElement(VerifyEmail, template.props) };
    case "reset-password":
      return { subject: resetPasswordSubject(), element: createElement(ResetPassword, template.props) };
    case "change-email":
      return { subject: changeEmailSubject(), element: createElement(ChangeEmail, template.props) };
    case "email-changed":
      return { subject: emailChangedSubject(), element: createElement(EmailChanged, template.props) };
    case "welcome":
      return {
        subject: welcomeSubject(template.props),
        element: createElement(Welcome, { ...template.props, publicUrl }),
      };
    case "host-onboarding":
      return {
        subject: hostOnboardingSubject(template.props),
        element: createElement(HostOnboarding, { ...template.props, publicUrl }),
      };
    case "order-confirmation":
      return {
        subject: orderConfirmationSubject(template.props),
        element: createElement(OrderConfirmation, template.props),
      };
    case "order-refunded":
      return { subject: orderRefundedSubject(template.props), element: createElement(OrderRefunded, template.props) };
    case "ticket-shared":
      return { subject: ticketSharedSubject(template.props), element: createElement(TicketShared, template.props) };
    case "cancellation-requested":
      return {
        subject: cancellationRequestedSubject(template.props),
        element: createElement(CancellationRequested, template.props),
      };
    case "cancellation-decided":
      return {
        subject: cancellationDecidedSubject(template.props),
        element: createElement(CancellationDecided, template.props),
      };
    case "refund-issued":
      return { subject: refundIssuedSubject(template.props), element: createElement(RefundIssued, template.props) };
    case "waitlist-offer":
      return { subject: waitlistOfferSubject(template.props), element: createElement(WaitlistOffer, template.props) };
    case "event-reminder":
      return { subject: eventReminderSubject(template.props), element: createElement(EventReminder, template.props) };
    case "event-cancelled":
      return {
        subject: eventCancelledSubject(template.props),
        element: createElement(EventCancelled, template.props),
      };
    case "event-changed":
      return { subject: eventChangedSubject(template.props), element: createElement(EventChanged, template.props) };
    case "event-link":
      return { subject: eventLinkSubject(template.props), element: createElement(EventLink, template.props) };
    case "waitlist-event-cancelled":
      return {
        subject: waitlistEventCancelledSubject(template.props),
        element: createElement(WaitlistEventCancelled, template.props),
      };
    case "team-invitation":
      return { subject: teamInvitationSubject(template.props), element: createElement(TeamInvitation, template.props) };
    case "host-summary":
      return { subject: hostSummarySubject(template.props), element: createElement(HostSummary, template.props) };
    case "campaign":
      return { subject: campaignSubject(template.props), element: createElement(Campaign, template.props) };
  }
}
