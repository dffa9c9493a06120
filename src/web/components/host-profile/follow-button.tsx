import { Check, Heart, Users } from "lucide-react";
import { Link, useFetcher } from "react-router";

/** What the follow action answers: the new state and count, or a refusal's words. */
type FollowAnswer = { following: boolean; followers: number; hostId: string } | { error: string; hostId?: string };

/**
 * Whether the viewer follows a host and how many people do, as the page should show them now: the
 * answer of a post in flight is assumed (optimistic), then the action's, then what the page loaded.
 * Every button and count for the same host shares one fetcher (its key), so they agree.
 */
export function useFollowState(hostId: string, loaded: { following: boolean | null; followers: number }) {
  const fetcher = useFetcher<FollowAnswer>({ key: `follow-${hostId}` });
  const pending = fetcher.formData?.get("intent");
  const answer = fetcher.data;
  let following = loaded.following;
  let followers = loaded.followers;
  if (pending === "follow" || pending === "unfollow") {
    const wants = pending === "follow";
    if (following !== null && following !== wants) followers += wants ? 1 : -1;
    following = wants;
  } else if (answer && "following" in answer && fetcher.state === "idle") {
    // The page's own data catches up as it revalidates; until then the action's answer stands.
    following = answer.following;
    followers = answer.followers;
  }
  const error = answer && "error" in answer && fetcher.state === "idle" ? answer.error : null;
  return { fetcher, following, followers: Math.max(0, followers), error };
}

export function followerLabel(n: number): string {
  return `${n.toLocaleString("en-GB")} ${n === 1 ? "follower" : "followers"}`;
}

/** "12 followers", beside the host's name; it moves with the button. */
export function FollowerCount({ hostId, following, followers }: FollowProps) {
  const state = useFollowState(hostId, { following, followers });
  return (
    <li className="inline-flex items-center gap-1.5">
      <Users aria-hidden className="size-4" /> <span>{followerLabel(state.followers)}</span>
    </li>
  );
}

interface FollowProps {
  hostId: string;
  /** null when signed out. */
  following: boolean | null;
  followers: number;
}

/**
 * Follow or Unfollow a host: a real form (it works without JavaScript; the action answers and the
 * page reloads its data), sent by a fetcher when scripts run so the page stays put and changes at
 * once. Signed out, Follow is a link to log in that comes back here.
 */
export function FollowButton({
  hostId,
  hostName,
  following: loadedFollowing,
  followers,
  returnTo,
  brand,
  compact = false,
}: FollowProps & {
  hostName: string;
  /** The page to come back to after logging in. */
  returnTo: string;
  /** The host's main colour and its readable text colour, for the Follow button. */
  brand?: { hex: string; text: string } | null;
  /** A smaller Unfollow for lists. */
  compact?: boolean;
}) {
  const { fetcher, following, error } = useFollowState(hostId, { following: loadedFollowing, followers });
  const brandStyle = brand ? { backgroundColor: brand.hex, color: brand.text } : undefined;

  if (following === null) {
    return (
      <Link to={`/log-in?redirect=${encodeURIComponent(returnTo)}`} className="btn-primary" style={brandStyle}>
        <Heart aria-hidden className="size-4" /> Follow
        <span className="sr-only"> {hostName}</span>
      </Link>
    );
  }

  return (
    <div className={compact ? "" : "flex flex-col items-end gap-1"}>
      <fetcher.Form method="post" className="flex flex-wrap items-center justify-end gap-2">
        <input type="hidden" name="hostId" value={hostId} />
        {following ? (
          <>
            {compact ? null : (
              <span className="inline-flex items-center gap-1 text-sm font-medium text-fg-muted">
                <Check aria-hidden className="size-4 text-success" /> Following
              </span>
            )}
            <button type="submit" name="intent" value="unfollow" className="btn-secondary">
              Unfollow<span className="sr-only"> {hostName}</span>
            </button>
          </>
        ) : (
          <button type="submit" name="intent" value="follow" className="btn-primary" style={brandStyle}>
            <Heart aria-hidden className="size-4" /> Follow<span className="sr-only"> {hostName}</span>
          </button>
        )}
      </fetcher.Form>
      {error ? (
        <p role="alert" className="max-w-60 text-right text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
