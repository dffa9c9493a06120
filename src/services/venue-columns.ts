import type { VenueAccess } from "~/domain/venue-access";
import { formatVenueAddress, type VenueInput } from "~/domain/venue-rules";

/** A checked venue as the row's columns (the host and keys are the caller's). */
export function venueRowValues(v: VenueInput) {
  return {
    name: v.name,
    addressLine1: v.addressLine1,
    city: v.city,
    postcode: v.postcode,
    formattedAddress: formatVenueAddress(v),
    capacity: v.capacity,
    lat: v.lat,
    lng: v.lng,
    accessStepFree: v.access.stepFree,
    accessToilets: v.access.accessibleToilets,
    accessHearingLoop: v.access.hearingLoop,
    accessSeating: v.access.seating,
    accessQuietSpace: v.access.quietSpace,
    accessParking: v.access.accessibleParking,
    accessNotes: v.access.notes,
  };
}

/** A row's access columns as the domain reads them. */
export function accessOf(row: {
  accessStepFree: boolean | null;
  accessToilets: boolean | null;
  accessHearingLoop: boolean | null;
  accessSeating: boolean | null;
  accessQuietSpace: boolean | null;
  accessParking: boolean | null;
  accessNotes: string;
}): VenueAccess {
  return {
    stepFree: row.accessStepFree,
    accessibleToilets: row.accessToilets,
    hearingLoop: row.accessHearingLoop,
    seating: row.accessSeating,
    quietSpace: row.accessQuietSpace,
    accessibleParking: row.accessParking,
    notes: row.accessNotes,
  };
}
