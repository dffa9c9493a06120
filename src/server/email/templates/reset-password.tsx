import { EmailLayout, P } from "./layout";
import { greeting } from "./greeting";

export interface ResetPasswordProps {
  firstName: string;
  url: string;
}

export const resetPasswordSubject = () => "Reset your Ticketyboo password";

export function ResetPassword({ firstName, url }: ResetPasswordProps) {
  return (
    <EmailLayout
      preview="Choose a new password for your Ticketyboo account. The link works for 1 hour."
      heading="Reset your password"
      action={{ label: "Choose a new password", url }}
      afterAction="This link expires in 1 hour. After that, ask for a new one from the sign-in page."
      reason={
        "someone asked to reset the password for this email address. If it wasn't you, ignore this email: your " +
        "password stays as it is."
      }
    >
      <P>{greeting(firstName)}</P>
      <P>
        We've had a request to reset the password for your Ticketyboo account. Use the button below to choose a new one.
      </P>
    </EmailLayout>
  );
}
