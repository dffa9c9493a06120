import type { VenueFormValues } from "~/domain/venue-rules";

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
