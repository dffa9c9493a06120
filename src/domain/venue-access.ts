/*
 * A venue's access information, on its own: the event page shows it, so this module stays free of
 * the venue form's rules (and of zod).
 */

/** What a venue says about getting in and being there, each answered yes, no or not said (null). */
export const ACCESS_FEATURES = [
  "stepFree",
  "accessibleToilets",
  "hearingLoop",
  "seating",
  "quietSpace",
  "accessibleParking",
] as const;
export type AccessFeature = (typeof ACCESS_FEATURES)[number];

export type VenueAccess = Record<AccessFeature, boolean | null> & { notes: string };

/** Whether a venue says anything about access: an event page shows its Access block only then. */
export function hasAccessInfo(access: VenueAccess): boolean {
  return ACCESS_FEATURES.some((f) => access[f] !== null) || access.notes.trim() !== "";
}
