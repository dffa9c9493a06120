import { Video } from "lucide-react";

/**
 * Where an online event happens, for someone holding its tickets: the link they join by, or what to
 * expect while the host has not added it yet. A booking that no longer stands (cancelled, refunded,
 * the ticket passed on, the event called off or over) reads "Online", with no promise of a link.
 */
export function OnlinePlace({ joinUrl, standing }: { joinUrl: string | null; standing: boolean }) {
  if (!joinUrl && !standing) return <>Online</>;
  if (!joinUrl)
    return (
      <>Online. The host hasn&apos;t added the link to join yet: we&apos;ll email it to you, and it will be here.</>
    );
  return (
    <>
      <strong>Online</strong>
      <br />
      <a href={joinUrl} className="link break-all" target="_blank" rel="noopener noreferrer">
        Join the event<span className="sr-only"> (opens in a new tab)</span>
      </a>
      <span className="block text-xs break-all text-fg-muted">{joinUrl}</span>
    </>
  );
}

/**
 * The first thing a ticket or order page of an online event shows its holder: the way in, as a button,
 * or that the link is still to come. (No door: the tickets' codes are only their proof.)
 */
export function JoinOnline({ joinUrl }: { joinUrl: string | null }) {
  return (
    <section
      aria-labelledby="join-heading"
      className="card mt-4 flex flex-col gap-3 p-5 tablet:flex-row tablet:items-center tablet:justify-between"
    >
      <div className="min-w-0">
        <h2 id="join-heading" className="flex items-center gap-2 text-lg font-bold">
          <Video aria-hidden className="size-5 text-brand" /> This event is online
        </h2>
        <p className="mt-1 text-sm text-fg-muted">
          {joinUrl
            ? "Join by this link when it starts. It's for ticket holders, so please keep it to yourself."
            : "The host hasn't added the link to join yet: we'll email it to you, and it will be here."}
        </p>
      </div>
      {joinUrl ? (
        <a href={joinUrl} target="_blank" rel="noopener noreferrer" className="btn-primary shrink-0">
          Join the event<span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : null}
    </section>
  );
}
