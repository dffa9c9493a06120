import { EmailLayout, P } from "./layout";
import { greeting } from "./greeting";

export interface VerifyEmailProps {
  firstName: string;
  url: string;
}

export const verifyEmailSubject = () => "Verify your email for Ticketyboo";

export function VerifyEmail({ firstName, url }: VerifyEmailProps) {
  return (
    <EmailLayout
      preview="One click to confirm your email address and you're all set."
      heading="Verify your email"
      action={{ label: "Verify my email", url }}
      afterAction="This link expires in 24 hours. If it runs out, sign in and we'll send you a fresh one."
      reason={
        "someone signed up to Ticketyboo with this email address. If it wasn't you, you can safely ignore this " +
        "email."
      }
    >
      <P>{greeting(firstName)}</P>
      <P>
        Thanks for joining Ticketyboo. Tap the button below to confirm this is your email address, so your tickets and
        receipts always reach you.
      </P>
    </EmailLayout>
  );
}
