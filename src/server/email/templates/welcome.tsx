import { EmailLayout, P } from "./layout";
import { greeting } from "./greeting";

export interface WelcomeProps {
  firstName: string;
  userType: "buyer" | "host";
}

export const welcomeSubject = ({ firstName }: WelcomeProps) =>
  firstName.trim() ? `Welcome to Ticketyboo, ${firstName.trim()}` : "Welcome to Ticketyboo";

export function Welcome({ firstName, userType, publicUrl }: WelcomeProps & { publicUrl: string }) {
  if (userType === "host") {
    return (
      <EmailLayout
        preview="Your first event can be on sale in a few minutes."
        heading="Welcome to Ticketyboo"
        action={{ label: "Open Partner Studio", url: `${publicUrl}/h/dashboard` }}
        reason="you created a host account on Ticketyboo with this email address."
      >
        <P>{greeting(firstName)}</P>
        <P>
          Welcome aboard. Partner Studio is where you create events, set up tickets, keep your guest list and scan
          people in at the door.
        </P>
        <P>Your first event can be on sale in a few minutes, and buyers always see the full price up front.</P>
      </EmailLayout>
    );
  }
  return (
    <EmailLayout
      preview="Gigs, comedy, quizzes, markets and more, near you."
      heading="Welcome to Ticketyboo"
      action={{ label: "Find something to do", url: `${publicUrl}/` }}
      reason="you created a Ticketyboo account with this email address."
    >
      <P>{greeting(firstName)}</P>
      <P>
        We're chuffed to have you. Ticketyboo is where local gigs, comedy nights, pub quizzes, markets and workshops
        sell their tickets.
      </P>
      <P>The price you see is the price you pay, and your tickets live in your account, ready for the door.</P>
    </EmailLayout>
  );
}
