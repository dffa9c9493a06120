import { BadgeCheck } from "lucide-react";
import { Link } from "react-router";
import { mediaPath } from "~/web/lib/images";

/** "Your host": who runs the event, with a link to their profile and their other events. */
export function HostCard({
  host,
}: {
  host: {
    id: string;
    name: string;
    title: string | null;
    image: string | null;
    username: string | null;
    isVerified: boolean;
    bio: string | null;
  };
}) {
  const shown = host.title ?? host.name;
  // Their booking page when they have a username (every host does once onboarded); else their profile.
  const page = host.username ? `/${host.username}` : `/user/${host.id}`;
  return (
    <section aria-labelledby="host-heading" className="mt-8">
      <h2 id="host-heading" className="text-xl font-bold">
        Your host
      </h2>
      <div className="card mt-3 flex gap-4 p-5">
        {host.image ? (
          <img
            src={mediaPath(host.image)}
            alt=""
            width={56}
            height={56}
            className="size-14 shrink-0 rounded-full object-cover"
          />
        ) : (
          <span
            aria-hidden
            className="grid size-14 shrink-0 place-items-center rounded-full bg-brand-soft text-lg font-bold text-brand"
          >
            {shown.slice(0, 1)}
          </span>
        )}
        <div className="min-w-0">
          <p className="flex items-center gap-1.5 font-semibold">
            <Link to={page} className="hover:underline">
              {shown}
            </Link>
            {host.isVerified ? <BadgeCheck aria-label="Verified host" className="size-4 text-brand" /> : null}
          </p>
          {host.title ? <p className="text-sm text-fg-muted">Run by {host.name}</p> : null}
          {host.bio ? <p className="mt-2 line-clamp-3 text-sm">{host.bio}</p> : null}
          <Link to={page} className="link mt-2 inline-block text-sm">
            More from {shown}
          </Link>
        </div>
      </div>
    </section>
  );
}
