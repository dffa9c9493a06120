import { eventTypeLabel } from "~/domain/categories";
import { hasEnded, isSoldOut } from "~/domain/event-flags";
import { poundsForInput } from "~/domain/money";
import { headlinePrice } from "~/domain/pricing";
import { isVisible, remaining } from "~/domain/ticket-availability";
import type { EventPage } from "~/services/get-event-page";
import { absoluteUrl } from "./seo";
import { imageUrl } from "./images";

/** Minor units as the decimal string schema.org expects ("12.50"), in whole numbers throughout. */
const decimal = poundsForInput;

/**
 * schema.org `Event` for an event page, so search engines show the date, place and all-in price.
 * Offers are the tickets a visitor can see, at the headline price a card shows and checkout charges
 * for one (the host's fee mode, the event's currency).
 */
export function eventJsonLd(e: EventPage, publicUrl: string, now: Date): Record<string, unknown> {
  const url = absoluteUrl(publicUrl, `/events/${e.slug}`);
  const soldOut = isSoldOut({
    capacity: e.tickets.reduce((n, t) => n + t.capacity, 0),
    sold: e.tickets.reduce((n, t) => n + t.sold, 0),
  });
  const offers = e.tickets
    .filter((t) => isVisible(t, now))
    .map((t) => {
      const price = headlinePrice(t.pricePence, e.priceTerms);
      return {
        "@type": "Offer",
        name: t.name,
        price: decimal(price.totalMinor),
        priceCurrency: price.currency,
        availability:
          hasEnded(e, now) || (t.salesEndAt && now >= t.salesEndAt)
            ? "https://schema.org/Discontinued"
            : remaining(t) === 0
              ? "https://schema.org/SoldOut"
              : t.salesStartAt && now < t.salesStartAt
                ? "https://schema.org/PreOrder"
                : "https://schema.org/InStock",
        url,
        validFrom: (t.salesStartAt ?? e.updatedAt).toISOString(),
        ...(t.salesEndAt ? { validThrough: t.salesEndAt.toISOString() } : {}),
      };
    });
  const place = e.venue
    ? {
        "@type": "Place",
        name: e.venue.name,
        address: {
          "@type": "PostalAddress",
          streetAddress: e.venue.addressLine1,
          addressLocality: e.venue.city,
          postalCode: e.venue.postcode,
          addressCountry: "GB",
        },
        geo: { "@type": "GeoCoordinates", latitude: e.venue.lat, longitude: e.venue.lng },
      }
    : { "@type": "VirtualLocation", url };
  const organizerUrl = absoluteUrl(publicUrl, e.host.username ? `/${e.host.username}` : `/user/${e.host.id}`);
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: e.name,
    description: (e.summary ? `${e.summary} ` : "") + e.description.replace(/\s+/g, " ").trim(),
    startDate: e.startsAt.toISOString(),
    ...(e.endsAt ? { endDate: e.endsAt.toISOString() } : {}),
    eventStatus: e.isCancelled ? "https://schema.org/EventCancelled" : "https://schema.org/EventScheduled",
    eventAttendanceMode: e.isOnline
      ? "https://schema.org/OnlineEventAttendanceMode"
      : "https://schema.org/OfflineEventAttendanceMode",
    location: place,
    image: e.images.map((key) => absoluteUrl(publicUrl, imageUrl(key, 1200))),
    url,
    keywords: [eventTypeLabel(e.eventType), ...e.tags].join(", "),
    isAccessibleForFree: e.tickets.length > 0 && e.tickets.every((t) => t.pricePence === 0),
    ...(offers.length > 0 ? { offers } : {}),
    ...(soldOut ? { remainingAttendeeCapacity: 0 } : {}),
    organizer: {
      "@type": e.host.title ? "Organization" : "Person",
      name: e.host.title ?? e.host.name,
      url: organizerUrl,
    },
  };
}
