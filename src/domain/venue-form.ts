import { z } from "zod";
import { field } from "~/lib/read-form";

const accessAnswer = () => z.enum(["yes", "no", ""]).default("");

/**
 * The venue form as a browser sends it, for `readForm`: every field as text (`checkVenue` in
 * venue-rules.ts gives each its words), the pin as two hidden numbers (blank until the host places
 * it), and each access feature as yes, no or blank (not said). Lengths here only stop absurd bodies;
 * the rules name the field. Apart from the rules so that pages which only show a venue carry no zod.
 */
export const VenueForm = z.object({
  name: field.text(2_000),
  addressLine1: field.text(2_000),
  city: field.text(2_000),
  postcode: field.text(200),
  capacity: field.text(200),
  lat: field.text(100),
  lng: field.text(100),
  stepFree: accessAnswer(),
  accessibleToilets: accessAnswer(),
  hearingLoop: accessAnswer(),
  seating: accessAnswer(),
  quietSpace: accessAnswer(),
  accessibleParking: accessAnswer(),
  accessNotes: field.text(20_000),
});
export type VenueFormValues = z.output<typeof VenueForm>;
