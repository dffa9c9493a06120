import { Megaphone } from "lucide-react";
import { Link } from "react-router";
import { ShareKit } from "~/web/components/studio/share-kit";
import { loadShareKit, shareKitHref } from "~/web/lib/share-kit.server";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import type { Route } from "./+types/events.$eventId.edit.share";

export const meta: Route.MetaFunction = () => [
  { title: "Share · Edit event · Partner Studio · Ticketyboo" },
  { name: "description", content: "Links, QR codes and pictures to share this event." },
  { name: "robots", content: "noindex" },
];

/** The event's share kit (the same as Promote's), with the way to its tracking links. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const kit = await loadShareKit(context, { hostId, eventId: params.eventId });
  return { kit, promoteHref: shareKitHref(hostId, kit.event.id) };
}

export default function ShareEvent({ loaderData }: Route.ComponentProps) {
  const { kit, promoteHref } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <p className="card flex flex-wrap items-center justify-between gap-3 p-4 text-sm">
        <span>Give each promoter or channel a tracking link to see who sells your tickets.</span>
        <Link to={`${promoteHref}#links-heading`} className="btn-secondary">
          <Megaphone aria-hidden className="size-4" /> Tracking links in Promote
        </Link>
      </p>
      <ShareKit kit={kit} />
    </div>
  );
}
