import { EmailLayout, P } from "./layout";
import { greeting } from "./greeting";

export interface HostOnboardingProps {
  hostName: string;
  /** Sent once the host profile is made at /h/onboarding (else at sign-up as a host, before it). */
  profileDone?: boolean;
}

export const hostOnboardingSubject = ({ profileDone }: Pick<HostOnboardingProps, "profileDone"> = {}) =>
  profileDone ? "You're a Ticketyboo host: let's get your first event on sale" : "Let's get your first event on sale";

export function HostOnboarding({ hostName, profileDone, publicUrl }: HostOnboardingProps & { publicUrl: string }) {
  if (profileDone) {
    return (
      <EmailLayout
        preview="Your host profile is ready. Next: your first event."
        heading="Your Partner Studio is ready"
        action={{ label: "Open Partner Studio", url: `${publicUrl}/h/dashboard` }}
        reason="you became a host on Ticketyboo."
      >
        <P>{greeting(hostName)}</P>
        <P>Thanks for choosing Ticketyboo for your events. Your host profile is set up, so two steps to go:</P>
        <P>
          1. Create your event and its tickets.
          <br />
          2. Publish it and share the link.
        </P>
        <P>
          Partner Studio shows your sales, orders and anything that needs you. Stuck on anything? Get in touch and a
          real person will help.
        </P>
      </EmailLayout>
    );
  }
  return (
    <EmailLayout
      preview="Three short steps from sign-up to selling tickets."
      heading="Let's get you set up"
      action={{ label: "Set up my host profile", url: `${publicUrl}/h/onboarding` }}
      reason="you signed up to host events on Ticketyboo."
    >
      <P>{greeting(hostName)}</P>
      <P>Thanks for choosing Ticketyboo for your events. Three short steps and you're selling:</P>
      <P>
        1. Add your host profile: a name, a photo and a line about what you run.
        <br />
        2. Create your event and its tickets.
        <br />
        3. Publish it and share the link.
      </P>
      <P>Stuck on anything? Get in touch through Partner Studio and a real person will help.</P>
    </EmailLayout>
  );
}
