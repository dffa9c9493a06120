import type { AppLoadContext } from "react-router";
import { shareTexts, widgetEmbedCode } from "~/domain/promote";
import { shareKitEvent } from "~/services/share-kit";
import { SHARE_ASSETS } from "~/services/share-images.server";
import type { ShareKitData } from "~/web/components/studio/share-kit";
import { loaded } from "./loaded";
import { ticketQrSvg } from "./ticket-qr.server";

/** The event page's address on this site. */
export const eventUrl = (publicUrl: string, slug: string) => `${publicUrl.replace(/\/+$/, "")}/events/${slug}`;

/** Where the share kit of one of the host's events lives (the editor's Share tab links here). */
export const shareKitHref = (hostId: string, eventId: string) =>
  `/h/promote/${encodeURIComponent(hostId)}/share?event=${encodeURIComponent(eventId)}`;

/** Everything the share kit shows for one of the host's own events (404 for anyone else's). */
export async function loadShareKit(
  context: AppLoadContext,
  input: { hostId: string; eventId: string },
): Promise<ShareKitData> {
  const event = await loaded(
    shareKitEvent(context.database.db, { hostId: input.hostId, eventId: input.eventId, now: new Date() }),
  );
  const url = eventUrl(context.publicUrl, event.slug);
  const base = `/h/promote/${encodeURIComponent(input.hostId)}/share/${event.id}`;
  return {
    event: {
      id: event.id,
      name: event.name,
      slug: event.slug,
      when: event.when,
      where: event.where,
      price: event.price,
      status: event.status,
      isCancelled: event.isCancelled,
    },
    url,
    qr: await ticketQrSvg(url, 2),
    downloads: Object.entries(SHARE_ASSETS).map(([asset, d]) => ({
      asset,
      href: `${base}/${asset}`,
      label: d.label,
      type: d.type,
    })),
    texts: shareTexts({ name: event.name, when: event.when, where: event.where, price: event.price, url }),
    embed: widgetEmbedCode({
      publicUrl: context.publicUrl,
      hostId: input.hostId,
      slug: event.slug,
      eventName: event.name,
    }),
  };
}
