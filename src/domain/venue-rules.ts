import { venueMessages } from "~/texts/venue-messages";
import type { LatLng } from "./discovery";
import { lookupPlace } from "./uk-places";
import type { AccessFeature, VenueAccess } from "./venue-access";
import type { VenueFormValues } from "./venue-form";

const words = venueMessages;

/** How long a venue's texts may be, and how many people it may hold. */
export const VENUE_LIMITS = {
  name: 120,
  addressLine1: 200,
  city: 80,
  accessNotes: 1000,
  capacity: 100_000,
} as const;

/**
 * UK postcodes as Royal Mail writes them: an outward code (area letters, district) and an inward
 * code (sector digit, two unit letters), with the letters each position never uses left out.
 * GIR 0AA is the one that fits no rule.
 */
const OUTWARD = new RegExp(
  "^(?:" +
    ["[A-PR-UWYZ][0-9]{1,2}", "[A-PR-UWYZ][A-HK-Y][0-9]{1,2}", "[A-PR-UWYZ][0-9][A-HJKPS-UW]"].join("|") +
    "|[A-PR-UWYZ][A-HK-Y][0-9][ABEHMNPRV-Y])$",
);
const INWARD = /^[0-9][ABD-HJLNP-UW-Z]{2}$/;

export type PostcodeResult = { ok: true; postcode: string } | { ok: false; message: string };

/**
 * A typed postcode in its one written form, "SW1A 1AA": any case and spacing is accepted ("sw1a1aa",
 * " SW1A  1AA "), and the inward code is always its last three characters. Refused, with words that
 * name the field, when it is not a full UK postcode.
 */
export function normalisePostcode(typed: string): PostcodeResult {
  const compact = typed.replace(/\s+/g, "").toUpperCase();
  if (compact === "") return { ok: false, message: words.postcodeRequired };
  if (compact.length < 5 || compact.length > 7) return { ok: false, message: words.postcodeInvalid };
  const outward = compact.slice(0, -3);
  const inward = compact.slice(-3);
  if (compact === "GIR0AA" || (OUTWARD.test(outward) && INWARD.test(inward)))
    return { ok: true, postcode: `${outward} ${inward}` };
  return { ok: false, message: words.postcodeInvalid };
}

/** Where a pin may go: the UK and its islands (Scilly to Shetland, Northern Ireland to Kent), Channel Islands too. */
const UK_BOUNDS = { south: 49, north: 61, west: -8.7, east: 2 } as const;

export function inUk({ lat, lng }: LatLng): boolean {
  return lat >= UK_BOUNDS.south && lat <= UK_BOUNDS.north && lng >= UK_BOUNDS.west && lng <= UK_BOUNDS.east;
}

/**
 * Where a venue's pin starts when the host has not placed it: the town or city they typed, or the
 * nearest spelling of one we know. Null when nothing is close.
 */
export function pinForTown(city: string): LatLng | null {
  const place = lookupPlace(city);
  const match = place.found ?? place.suggestions[0];
  return match ? { lat: match.lat, lng: match.lng } : null;
}

/** A venue as it is saved: texts tidied, postcode in its written form, the pin placed. */
export interface VenueInput {
  name: string;
  addressLine1: string;
  city: string;
  postcode: string;
  capacity: number;
  lat: number;
  lng: number;
  access: VenueAccess;
}

export type VenueField = keyof Omit<VenueFormValues, AccessFeature> | "pin";
export type VenueCheck = { ok: true; venue: VenueInput } | { ok: false; fields: Partial<Record<VenueField, string>> };

/** One line of text: spaces at the ends dropped and runs of spaces (a pasted tab or newline) made one. */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();
/** Free text keeps its line breaks, written one way. */
const paragraphs = (text: string) => text.replace(/\r\n?/g, "\n").trim();
/** Length as a person counts it: an emoji is one character. */
const length = (text: string) => [...text].length;

/**
 * Checks a venue form and answers the venue to save, or words for every field that is wrong, so one
 * answer names every problem. The pin is the host's when they placed one; otherwise the town's.
 */
export function checkVenue(form: VenueFormValues): VenueCheck {
  const fields: Partial<Record<VenueField, string>> = {};
  const name = oneLine(form.name);
  if (!name) fields.name = words.nameRequired;
  else if (length(name) > VENUE_LIMITS.name) fields.name = words.nameTooLong(VENUE_LIMITS.name);

  const addressLine1 = oneLine(form.addressLine1);
  if (!addressLine1) fields.addressLine1 = words.addressRequired;
  else if (length(addressLine1) > VENUE_LIMITS.addressLine1)
    fields.addressLine1 = words.addressTooLong(VENUE_LIMITS.addressLine1);

  const city = oneLine(form.city);
  if (!city) fields.city = words.cityRequired;
  else if (length(city) > VENUE_LIMITS.city) fields.city = words.cityTooLong(VENUE_LIMITS.city);

  const postcode = normalisePostcode(form.postcode);
  if (!postcode.ok) fields.postcode = postcode.message;

  const capacity = parseCapacity(form.capacity);
  if (!capacity.ok) fields.capacity = capacity.message;

  const placed = parsePin(form.lat, form.lng);
  let pin: LatLng | null = null;
  if (placed === "outside") fields.pin = words.pinOutsideUk;
  else if (placed) pin = placed;
  else if (city && !fields.city) {
    pin = pinForTown(city);
    if (!pin) fields.city = words.cityNotOnMap(city);
  }

  const notes = paragraphs(form.accessNotes);
  if (length(notes) > VENUE_LIMITS.accessNotes) fields.accessNotes = words.accessNotesTooLong(VENUE_LIMITS.accessNotes);

  if (Object.keys(fields).length > 0 || !postcode.ok || !capacity.ok || !pin) return { ok: false, fields };
  const answer = (value: "yes" | "no" | "") => (value === "" ? null : value === "yes");
  return {
    ok: true,
    venue: {
      name,
      addressLine1,
      city,
      postcode: postcode.postcode,
      capacity: capacity.value,
      lat: pin.lat,
      lng: pin.lng,
      access: {
        stepFree: answer(form.stepFree),
        accessibleToilets: answer(form.accessibleToilets),
        hearingLoop: answer(form.hearingLoop),
        seating: answer(form.seating),
        quietSpace: answer(form.quietSpace),
        accessibleParking: answer(form.accessibleParking),
        notes,
      },
    },
  };
}

/** A head count as people type it ("1,200", " 80 "): a whole number from 1 to the limit. */
export function parseCapacity(typed: string): { ok: true; value: number } | { ok: false; message: string } {
  const text = typed.replace(/[\s,]/g, "");
  if (text === "") return { ok: false, message: words.capacityRequired };
  if (!/^\d+$/.test(text)) return { ok: false, message: words.capacityWhole };
  const value = Number(text);
  if (value < 1) return { ok: false, message: words.capacityWhole };
  if (value > VENUE_LIMITS.capacity)
    return { ok: false, message: words.capacityTooLarge(VENUE_LIMITS.capacity.toLocaleString("en-GB")) };
  return { ok: true, value };
}

/** The pin's hidden fields: null when the host placed none (either blank), "outside" when not a UK place. */
function parsePin(latText: string, lngText: string): LatLng | "outside" | null {
  if (latText.trim() === "" || lngText.trim() === "") return null;
  const lat = Number(latText);
  const lng = Number(lngText);
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || !inUk({ lat, lng })) return "outside";
  return { lat, lng };
}

/** The address on one line, as event pages, search and maps show it. */
export function formatVenueAddress(v: { addressLine1: string; city: string; postcode: string }): string {
  return `${v.addressLine1}, ${v.city} ${v.postcode}`;
}

/** The form's values for a saved venue (the edit form starts from these); one saved before capacities has none. */
export function venueFormValues(v: Omit<VenueInput, "capacity"> & { capacity: number | null }): VenueFormValues {
  const said = (value: boolean | null) => (value === null ? "" : value ? "yes" : "no");
  return {
    name: v.name,
    addressLine1: v.addressLine1,
    city: v.city,
    postcode: v.postcode,
    capacity: v.capacity === null ? "" : String(v.capacity),
    lat: String(v.lat),
    lng: String(v.lng),
    stepFree: said(v.access.stepFree),
    accessibleToilets: said(v.access.accessibleToilets),
    hearingLoop: said(v.access.hearingLoop),
    seating: said(v.access.seating),
    quietSpace: said(v.access.quietSpace),
    accessibleParking: said(v.access.accessibleParking),
    accessNotes: v.access.notes,
  };
}

/** An empty venue form: every access question starts as "Not sure". */
export const EMPTY_VENUE_FORM: VenueFormValues = {
  name: "",
  addressLine1: "",
  city: "",
  postcode: "",
  capacity: "",
  lat: "",
  lng: "",
  stepFree: "",
  accessibleToilets: "",
  hearingLoop: "",
  seating: "",
  quietSpace: "",
  accessibleParking: "",
  accessNotes: "",
};

/**
 * The form as it was sent, for showing it again after a refusal: what `readForm` gave back (text
 * only), laid over an empty form, so nothing typed is lost and nothing unexpected comes through.
 */
export function venueFormAsSent(sent: Record<string, string>): VenueFormValues {
  const values = { ...EMPTY_VENUE_FORM };
  for (const key of Object.keys(values) as (keyof VenueFormValues)[]) {
    const value = sent[key];
    if (typeof value === "string") (values as Record<string, string>)[key] = value;
  }
  return values;
}
