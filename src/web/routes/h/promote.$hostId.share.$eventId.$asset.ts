import { data } from "react-router";
import { shareKitEvent } from "~/services/share-kit";
import { isShareAsset } from "~/services/share-images.server";
import { loaded } from "~/web/lib/loaded";
import { shareAssetResponse } from "~/web/lib/share-assets.server";
import { eventUrl } from "~/web/lib/share-kit.server";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import type { Route } from "./+types/promote.$hostId.share.$eventId.$asset";

/**
 * A share kit's download: the QR poster (PDF or PNG), the square and the story picture of one of
 * the host's events, for its owners and managers. Drawn on demand, cached and limited
 * (web/lib/share-assets.server.ts).
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { hostId, user } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  if (params.hostId !== hostId || !isShareAsset(params.asset)) throw data(null, { status: 404 });
  const event = await loaded(shareKitEvent(context.database.db, { hostId, eventId: params.eventId, now: new Date() }));
  return shareAssetResponse(context, request, {
    userId: user.id,
    asset: params.asset,
    facts: {
      name: event.name,
      when: event.when,
      where: event.where,
      price: event.price,
      url: eventUrl(context.publicUrl, event.slug),
    },
    filename: `${event.slug}-${params.asset}`,
  });
}
