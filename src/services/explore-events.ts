import type { Db } from "~/db/client.server";
import { DEFAULT_NEARBY_MILES, isValidLatLng, KM_PER_MILE, PAGE_SIZE, type LatLng } from "~/domain/discovery";
import { cardPriceLabel } from "~/domain/ticket-availability";
import { lookupPlace } from "~/domain/uk-places";
import { formatEventDateTime } from "~/lib/format";
import { listEventMarkers, pageEvents, type EventQuery } from "./discover-events";

/** Up to this many pins on the map; the list pages through everything. */
const MAX_PINS = 400;

/** One event on the map, with what its popup says. */
export interface MapPinData {
  slug: string;
  name: string;
  lat: number;
  lng: number;
  /** 'Sat 28 Nov, 7:30 pm' */
  when: string;
  where: string;
  price: string | null;
}

/** Where the explore page is centred. */
export interface ExplorePlace extends LatLng {
  label: string | null;
  /** Where it came from: the device (this visit or a recent one), or a typed place. */
  source: "device" | "typed";
  takenAt: number | null;
}

/** A typed place the UK's list of towns does not know, with the nearest spellings it does. */
export interface PlaceProblem {
  typed: string;
  suggestions: string[];
}

/** `near=lat,lng` as the URL carries it. */
function parseNear(value: string | null): LatLng | null {
  if (!value) return null;
  const [lat, lng] = value.split(",").map(Number);
  const point = { lat: lat!, lng: lng! };
  return isValidLatLng(point) ? point : null;
}

/**
 * Where to look: `near=lat,lng` (the device, or a typed place's point), a typed town, `near=uk`
 * for the whole country whatever location was saved, or else the location the person saved last.
 */
function findPlace(input: {
  near: string | null;
  typed: string;
  saved: { lat: number; lng: number; label?: string; takenAt: number } | null;
}) {
  let place: ExplorePlace | null = null;
  let placeProblem: PlaceProblem | null = null;
  let typedFound = false;
  const near = parseNear(input.near);
  const everywhere = input.near === "uk";
  if (near) {
    place = { ...near, label: input.typed || null, source: input.typed ? "typed" : "device", takenAt: null };
  } else if (input.typed) {
    const found = lookupPlace(input.typed);
    if (found.found) {
      place = { lat: found.found.lat, lng: found.found.lng, label: found.found.name, source: "typed", takenAt: null };
      typedFound = true;
    } else {
      placeProblem = { typed: input.typed, suggestions: found.suggestions.map((p) => p.name) };
    }
  } else if (!everywhere) {
    const saved = input.saved;
    if (saved)
      place = {
        lat: saved.lat,
        lng: saved.lng,
        label: saved.label ?? null,
        source: saved.label ? "typed" : "device",
        takenAt: saved.takenAt,
      };
  }
  return { place, placeProblem, typedFound };
}

/** What the explore page is asked: its URL's place and filters, and the location this browser saved. */
export interface ExploreInput {
  now: Date;
  /** The URL's `near` and `place` (trimmed, at most 80 characters). */
  near: string | null;
  typed: string;
  /** The location this browser saved last, if any. */
  saved: { lat: number; lng: number; label?: string; takenAt: number } | null;
  /** The listing filters as a query (date range, price, category). */
  filters: Partial<Pick<EventQuery, "range" | "freeOnly" | "maxPrice" | "eventType" | "category">>;
  miles: number | undefined;
}

/** Where to look and the query for it: nearest first within the chosen miles, or the UK soonest first. */
function exploreQuery(input: ExploreInput) {
  const { place, placeProblem, typedFound } = findPlace(input);
  const miles = input.miles ?? DEFAULT_NEARBY_MILES;
  const query: Omit<EventQuery, "limit" | "offset"> = {
    now: input.now,
    scope: "upcoming",
    ...input.filters,
    ...(place
      ? { near: { centre: place, radiusKm: miles * KM_PER_MILE }, sort: "distance" as const }
      : { sort: "date" as const }),
  };
  return { place, placeProblem, typedFound, miles, query };
}

/**
 * The explore page: where to look and a page of upcoming events there (nearest first, within the
 * chosen miles) or across the UK (soonest first). The map's pins come separately
 * (`exploreMapPins`), asked for by the map once it is on screen.
 */
export async function exploreEvents(db: Db, input: ExploreInput & { page: number }) {
  const { place, placeProblem, typedFound, miles, query } = exploreQuery(input);
  const page = await pageEvents(db, { ...query, limit: PAGE_SIZE, offset: (input.page - 1) * PAGE_SIZE });
  return {
    place,
    placeProblem,
    /** A typed town was found: the page remembers it for the home page's "Near you". */
    rememberPlace: typedFound,
    miles,
    events: page.events,
    total: page.total,
    pageCount: Math.max(1, Math.ceil(page.total / PAGE_SIZE)),
  };
}

/** The map's pins for the same place and filters as the list: every match (up to 400), in the list's order. */
export async function exploreMapPins(db: Db, input: ExploreInput): Promise<MapPinData[]> {
  const { query } = exploreQuery(input);
  const markers = await listEventMarkers(db, query, MAX_PINS);
  return markers.map((m) => ({
    slug: m.slug,
    name: m.name,
    lat: m.lat,
    lng: m.lng,
    when: formatEventDateTime(m.startsAt),
    where: m.venueName,
    price: cardPriceLabel(m.tickets, input.now, m.priceTerms),
  }));
}
