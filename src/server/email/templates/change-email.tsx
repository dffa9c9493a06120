import { EmailLayout, P } from "./layout";
import { greeting } from "./greeting";

export interface ChangeEmailProps {
  firstName: string;
  url: string;
  newEmail: string;
}

export const changeEmailSubject = () => "Confirm your new email address";

export function ChangeEmail({ firstName, url, newEmail }: ChangeEmailProps) {
  return (
    <EmailLayout
      preview={`Confirm ${newEmail} as the email for your Ticketyboo account.`}
      heading="Confirm your new email"
      action={{ label: "Confirm my new email", url }}
      afterAction="This link expires in 24 hours. Until you confirm, your account keeps using your old address."
      reason={
        "someone asked to use this address for a Ticketyboo account. If it wasn't you, ignore this email and " +
        "nothing will change."
      }
    >
      <P>{greeting(firstName)}</P>
      <P>
        You asked to change the email on your Ticketyboo account to <strong>{newEmail}</strong>. Confirm it with the
        button below and we'll use it from then on.
      </P>
    </EmailLayout>
  );
}
