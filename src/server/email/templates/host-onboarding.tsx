import { EmailLayout, P } from "./layout";
import { greeting } from "./greeting";

export interface HostOnboardingProps {
  hostName: string;
}

export const hostOnboardingSubject = () => "Let's get your first event on sale";

export function HostOnboarding({ hostName, publicUrl }: HostOnboardingProps & { publicUrl: string }) {
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
