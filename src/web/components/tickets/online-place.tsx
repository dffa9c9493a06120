/**
 * Where an online event happens, for someone holding its tickets: the link they join by, or what to
 * expect while the host has not added it yet.
 */
export function OnlinePlace({ joinUrl }: { joinUrl: string | null }) {
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
