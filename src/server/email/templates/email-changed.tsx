import { EmailLayout, P } from "./layout";
import { greeting } from "./greeting";
import type { EmailChangedProps } from "~/services/emails/templates";

export const emailChangedSubject = () => "The email on your Ticketyboo account was changed";

/**
 * Sent to the address an account had, once it moves to another: a stolen session must not quietly become a stolen
 * account.
 */
export function EmailChanged({ firstName, newEmail, undoUrl, undoDays }: EmailChangedProps) {
  return (
    <EmailLayout
      preview={`Your Ticketyboo account now uses ${newEmail}. If that wasn't you, change it back.`}
      heading="Your email address was changed"
      action={{ label: "This wasn't me: change it back", url: undoUrl }}
      afterAction={
        `This link works once, for ${undoDays} days. It puts this address back on your account and logs ` +
        `out every device; then choose a new password.`
      }
      reason="this address was the email on a Ticketyboo account until just now."
    >
      <P>{greeting(firstName)}</P>
      <P>
        The email on your Ticketyboo account has just been changed to <strong>{newEmail}</strong>. Tickets, receipts and
        password resets now go there.
      </P>
      <P>If you made this change, there's nothing to do. If you didn't, use the button below straight away.</P>
    </EmailLayout>
  );
}
