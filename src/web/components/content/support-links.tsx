import { ExternalLink, Mail, MessageCircle } from "lucide-react";
import { Link } from "react-router";
import { chatSupport } from "~/web/lib/site-links";

export interface SupportLinksProps {
  /** The live chat outside the app (CHAT_SUPPORT_URL), or null: then our own support form. */
  chatUrl: string | null;
  signedIn: boolean;
}

/** Chat Support: the configured live chat in a new tab (outside the app), else our support form. */
export function ChatSupportLink({ chatUrl, signedIn, className }: SupportLinksProps & { className: string }) {
  if (chatUrl)
    return (
      <a href={chatUrl} target="_blank" rel="noopener noreferrer" className={className}>
        <MessageCircle aria-hidden className="size-4" /> Chat Support
        <ExternalLink aria-hidden className="size-3.5" />
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  return (
    <Link to={chatSupport(signedIn)} className={className}>
      <MessageCircle aria-hidden className="size-4" /> Chat Support
    </Link>
  );
}

/** The way out when the articles did not answer: the contact form and the chat. */
export function StillNeedHelp({
  chatUrl,
  signedIn,
  heading = "Still need help?",
}: SupportLinksProps & { heading?: string }) {
  return (
    <section aria-labelledby="still-need-help" className="card mt-10 p-5 tablet:p-6">
      <h2 id="still-need-help" className="text-lg font-bold">
        {heading}
      </h2>
      <p className="mt-1 text-sm text-fg-muted">Our team answers every message, within 2 working days.</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <ChatSupportLink chatUrl={chatUrl} signedIn={signedIn} className="btn-primary" />
        <Link to="/contact" className="btn-secondary">
          <Mail aria-hidden className="size-4" /> Contact us
        </Link>
      </div>
    </section>
  );
}
