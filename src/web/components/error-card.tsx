import { TriangleAlert } from "lucide-react";
import { Link } from "react-router";

const FRIENDLY_MESSAGES = [
  "Well, that wasn't on the setlist.",
  "Someone tripped over the amp lead.",
  "The quizmaster has lost the answer sheet.",
  "Our bouncer got a bit overzealous.",
  "This page went to the bar and never came back.",
  "The smoke machine set off the fire alarm.",
  "We've hit a bum note.",
  "The raffle drum jammed.",
];

/** What happened, in words that don't blame the server for a link that leads nowhere. */
function explanation(code: string | number | null): string {
  const status = Number(code);
  if (status === 404 || status === 410)
    return "We couldn't find that. The link may be old, or what it pointed to has moved or gone.";
  if (status === 401 || status === 403)
    return "That page isn't open to this account. If you think it should be, try logging in with another.";
  if (status >= 400 && status < 500) return "That request didn't work. Go back and try again.";
  return "Something went wrong on our side. Please try again in a moment.";
}

/** Picks a message from the error itself, so the server and the browser choose the same one. */
export function friendlyMessage(seed: string): string {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return FRIENDLY_MESSAGES[Math.abs(hash) % FRIENDLY_MESSAGES.length] ?? FRIENDLY_MESSAGES[0]!;
}

export function ErrorCard({
  code,
  seed,
  reference,
}: {
  code: string | number | null;
  seed: string;
  reference?: string;
}) {
  return (
    <div className="container-page grid min-h-[60dvh] place-items-center py-16">
      <div role="alert" className="card w-full max-w-lg p-8 text-center">
        <TriangleAlert aria-hidden className="mx-auto size-10 text-brand" />
        <h1 className="mt-4 text-2xl font-bold">{friendlyMessage(seed)}</h1>
        <p className="mt-2 text-fg-muted">{explanation(code)}</p>
        <p className="mt-4 text-sm">
          Error code: <span className="font-mono font-semibold">{code ?? "Unknown"}</span>
        </p>
        {reference ? (
          <p className="mt-1 text-xs text-fg-muted">
            Reference for support: <span className="font-mono">{reference}</span>
          </p>
        ) : null}
        <div className="mt-6 flex justify-center gap-3">
          {/* Nothing to try again where the address leads nowhere: a search is the way on. */}
          {Number(code) === 404 || Number(code) === 410 ? (
            <Link to="/search" className="btn-secondary">
              Search events
            </Link>
          ) : (
            <a href="" className="btn-secondary">
              Try again
            </a>
          )}
          <Link to="/" className="btn-primary" reloadDocument>
            Go home
          </Link>
        </div>
      </div>
    </div>
  );
}
