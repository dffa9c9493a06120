/**
 * Partner Studio's venue texts (spec §8 host: 'Venue add failed'), apart from `messages` because
 * that object ships with every page's up-front JavaScript, and these are needed only on the Studio's
 * venue pages; the access labels, which event pages show too, are an export of their own.
 */
export const venueMessages = {
  addFailed: "Venue add failed",
  updateFailed: "Venue update failed",
  deleteFailed: "Venue delete failed",
  checkFields: (count: number) =>
    count === 1 ? "Please check the highlighted field." : `Please check the ${count} highlighted fields.`,
  added: "Venue added",
  addedForEvent: "Venue added, and your event is there now",
  updated: "Venue updated",
  deleted: "Venue deleted",
  notFound: "We couldn't find that venue.",
  nameRequired: "Enter the venue's name.",
  nameTooLong: (max: number) => `The venue's name can be at most ${max} characters.`,
  addressRequired: "Invalid address: enter the first line of the venue's address.",
  addressTooLong: (max: number) => `Invalid address: the first line can be at most ${max} characters.`,
  cityRequired: "Enter the town or city the venue is in.",
  cityTooLong: (max: number) => `The town or city can be at most ${max} characters.`,
  cityNotOnMap: (city: string) =>
    `We couldn't find "${city}" on our map. Enter the nearest large town or city, or place the pin on the map.`,
  postcodeRequired: "Enter the venue's postcode.",
  postcodeInvalid: "Invalid postcode. Enter a full UK postcode, like SW1A 1AA.",
  capacityRequired: "Enter the venue's capacity: the most people it holds.",
  capacityWhole: "Capacity must be a whole number of people, 1 or more.",
  capacityTooLarge: (max: string) => `Capacity can be at most ${max}.`,
  pinOutsideUk: "Place the map pin on the venue, in the UK.",
  accessNotesTooLong: (max: number) => `Access notes can be at most ${max} characters.`,
  inUse: (count: number) =>
    `This venue can't be deleted while ${count === 1 ? "an event uses" : `${count} events use`} it. ` +
    "Move those events to another venue, or delete them, first.",
} as const;

/** Each access feature: the question on the form, and what a yes or a no reads as on an event page. */
export const accessLabels = {
  stepFree: { yes: "Step-free entrance", no: "No step-free entrance" },
  accessibleToilets: { yes: "Accessible toilets", no: "No accessible toilets" },
  hearingLoop: { yes: "Hearing loop", no: "No hearing loop" },
  seating: { yes: "Seating available", no: "No seating" },
  quietSpace: { yes: "Quiet space", no: "No quiet space" },
  accessibleParking: { yes: "Accessible parking", no: "No accessible parking" },
} as const;
