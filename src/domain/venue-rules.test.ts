import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { venueMessages } from "~/texts/venue-messages";
import { hasAccessInfo } from "./venue-access";
import type { VenueFormValues } from "./venue-form";
import {
  checkVenue,
  inUk,
  normalisePostcode,
  parseCapacity,
  pinForTown,
  EMPTY_VENUE_FORM,
  VENUE_LIMITS,
  venueFormAsSent,
  venueFormValues,
} from "./venue-rules";

const words = venueMessages;
const written = (typed: string) => {
  const result = normalisePostcode(typed);
  return result.ok ? result.postcode : result.message;
};

describe("normalisePostcode", () => {
  it("writes any case and spacing one way, the inward code always the last three characters", () => {
    expect(written("sw1a1aa")).toBe("SW1A 1AA");
    expect(written("  SW1A   1AA ")).toBe("SW1A 1AA");
    expect(written("sw1a\t1aa")).toBe("SW1A 1AA");
    expect(written("S W 1 A 1 A A")).toBe("SW1A 1AA");
    expect(written("Ec1a 1bb")).toBe("EC1A 1BB");
  });

  it("accepts every shape of outward code, from the shortest (5 characters) to the longest (7)", () => {
    expect(written("m11ae")).toBe("M1 1AE"); // A9
    expect(written("b338th")).toBe("B33 8TH"); // A99
    expect(written("cr26xh")).toBe("CR2 6XH"); // AA9
    expect(written("dn551pt")).toBe("DN55 1PT"); // AA99
    expect(written("w1a0ax")).toBe("W1A 0AX"); // A9A
    expect(written("ec1a1bb")).toBe("EC1A 1BB"); // AA9A
    expect(written("gir0aa")).toBe("GIR 0AA");
  });

  it("refuses one character too few or too many, naming the field", () => {
    expect(written("M11A")).toBe(words.postcodeInvalid);
    expect(written("SW1A1AAA")).toBe(words.postcodeInvalid);
    expect(words.postcodeInvalid).toMatch(/postcode/i);
  });

  it("asks for a postcode when none is typed (or only spaces)", () => {
    expect(written("")).toBe(words.postcodeRequired);
    expect(written("   ")).toBe(words.postcodeRequired);
  });

  it("refuses the letters Royal Mail never uses in each position", () => {
    expect(written("QA1 1AA")).toBe(words.postcodeInvalid); // Q, V, X never start one
    expect(written("VA1 1AA")).toBe(words.postcodeInvalid);
    expect(written("AI1 1AA")).toBe(words.postcodeInvalid); // I, J, Z never second
    expect(written("W1I 0AX")).toBe(words.postcodeInvalid); // A9A's letter
    expect(written("EC1C 1BB")).toBe(words.postcodeInvalid); // AA9A's letter
    expect(written("SW1A 1CA")).toBe(words.postcodeInvalid); // C, I, K, M, O, V never in the unit
    expect(written("SW1A 1AV")).toBe(words.postcodeInvalid);
    expect(written("SW1A AAA")).toBe(words.postcodeInvalid); // the sector is a digit
    expect(written("1W1A 1AA")).toBe(words.postcodeInvalid);
    expect(written("SW1Á 1AA")).toBe(words.postcodeInvalid);
    expect(written("SW1A-1AA")).toBe(words.postcodeInvalid);
  });

  it("gives back a postcode it wrote unchanged, and any spacing or case of it the same", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("M1 1AE", "B33 8TH", "CR2 6XH", "DN55 1PT", "W1A 0AX", "EC1A 1BB", "BS1 4RW"),
        fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
        fc.array(fc.constantFrom("", " ", "  "), { minLength: 9, maxLength: 9 }),
        (postcode, lower, gaps) => {
          const typed = [...postcode.replace(" ", "")]
            .map((ch, i) => gaps[i] + (lower[i] ? ch.toLowerCase() : ch))
            .join("")
            .concat(gaps[8]!);
          expect(written(typed)).toBe(postcode);
          expect(written(postcode)).toBe(postcode);
        },
      ),
    );
  });
});

describe("parseCapacity", () => {
  it("takes whole numbers from 1 to the limit, as people type them", () => {
    expect(parseCapacity("1")).toEqual({ ok: true, value: 1 });
    expect(parseCapacity(" 1,200 ")).toEqual({ ok: true, value: 1200 });
    expect(parseCapacity(String(VENUE_LIMITS.capacity))).toEqual({ ok: true, value: VENUE_LIMITS.capacity });
  });

  it("refuses 0, one over the limit, fractions, negatives and words, saying why", () => {
    expect(parseCapacity("0")).toEqual({ ok: false, message: words.capacityWhole });
    expect(parseCapacity(String(VENUE_LIMITS.capacity + 1))).toEqual({
      ok: false,
      message: words.capacityTooLarge("100,000"),
    });
    expect(parseCapacity("12.5")).toEqual({ ok: false, message: words.capacityWhole });
    expect(parseCapacity("-3")).toEqual({ ok: false, message: words.capacityWhole });
    expect(parseCapacity("1e3")).toEqual({ ok: false, message: words.capacityWhole });
    expect(parseCapacity("")).toEqual({ ok: false, message: words.capacityRequired });
  });
});

describe("pins", () => {
  it("start at the town typed, or its nearest spelling, and nowhere for nonsense", () => {
    expect(pinForTown("Leeds")).toEqual({ lat: 53.8008, lng: -1.5491 });
    expect(pinForTown("leds")).toEqual({ lat: 53.8008, lng: -1.5491 });
    expect(pinForTown("Xyzzyplugh")).toBeNull();
  });

  it("go only in the UK and its islands, edges included", () => {
    expect(inUk({ lat: 49, lng: -2 })).toBe(true);
    expect(inUk({ lat: 61, lng: -0.8 })).toBe(true);
    expect(inUk({ lat: 54.6, lng: -8.7 })).toBe(true);
    expect(inUk({ lat: 51.1, lng: 2 })).toBe(true);
    expect(inUk({ lat: 48.99, lng: -2 })).toBe(false);
    expect(inUk({ lat: 51.1, lng: 2.01 })).toBe(false);
    expect(inUk({ lat: 48.8566, lng: 2.3522 })).toBe(false); // Paris
  });
});

const form = (changes: Partial<VenueFormValues> = {}): VenueFormValues => ({
  name: "The Jericho Tavern",
  addressLine1: "56 Walton Street",
  city: "Oxford",
  postcode: "ox26ae",
  capacity: "180",
  lat: "",
  lng: "",
  stepFree: "",
  accessibleToilets: "",
  hearingLoop: "",
  seating: "",
  quietSpace: "",
  accessibleParking: "",
  accessNotes: "",
  ...changes,
});

describe("checkVenue", () => {
  it("tidies what was typed and puts the pin on the town when the host placed none", () => {
    const checked = checkVenue(
      form({ name: "  The   Jericho\tTavern ", accessNotes: " Ramp at the side.\r\nAsk at the bar. " }),
    );
    expect(checked).toEqual({
      ok: true,
      venue: {
        name: "The Jericho Tavern",
        addressLine1: "56 Walton Street",
        city: "Oxford",
        postcode: "OX2 6AE",
        capacity: 180,
        lat: 51.752,
        lng: -1.2577,
        access: {
          stepFree: null,
          accessibleToilets: null,
          hearingLoop: null,
          seating: null,
          quietSpace: null,
          accessibleParking: null,
          notes: "Ramp at the side.\nAsk at the bar.",
        },
      },
    });
  });

  it("keeps a pin the host placed, and reads yes, no and not said", () => {
    const checked = checkVenue(
      form({ lat: "51.7585", lng: "-1.2663", stepFree: "yes", hearingLoop: "no", quietSpace: "" }),
    );
    expect(checked.ok && { lat: checked.venue.lat, lng: checked.venue.lng }).toEqual({ lat: 51.7585, lng: -1.2663 });
    expect(checked.ok && checked.venue.access).toMatchObject({ stepFree: true, hearingLoop: false, quietSpace: null });
  });

  it("names every wrong field in one answer", () => {
    const checked = checkVenue(
      form({ name: " ", addressLine1: "", city: "", postcode: "nope", capacity: "0", lat: "48.85", lng: "2.35" }),
    );
    expect(checked).toEqual({
      ok: false,
      fields: {
        name: words.nameRequired,
        addressLine1: words.addressRequired,
        city: words.cityRequired,
        postcode: words.postcodeInvalid,
        capacity: words.capacityWhole,
        pin: words.pinOutsideUk,
      },
    });
  });

  it("asks for the nearest town when it cannot place one it does not know and no pin was placed", () => {
    expect(checkVenue(form({ city: "Xyzzyplugh" }))).toEqual({
      ok: false,
      fields: { city: words.cityNotOnMap("Xyzzyplugh") },
    });
    // With the pin placed, any town will do.
    expect(checkVenue(form({ city: "Xyzzyplugh", lat: "51.75", lng: "-1.26" })).ok).toBe(true);
  });

  it("treats a pin with one half missing as none placed, and nonsense numbers as outside the UK", () => {
    expect(checkVenue(form({ lat: "51.9", lng: "" })).ok).toBe(true);
    expect(checkVenue(form({ lat: "NaN", lng: "1" }))).toEqual({ ok: false, fields: { pin: words.pinOutsideUk } });
  });

  it("takes texts up to their limits and refuses one character more", () => {
    const at = (n: number) => "a".repeat(n);
    expect(
      checkVenue(
        form({
          name: at(VENUE_LIMITS.name),
          addressLine1: at(VENUE_LIMITS.addressLine1),
          accessNotes: "♿".repeat(VENUE_LIMITS.accessNotes),
        }),
      ).ok,
    ).toBe(true);
    expect(
      checkVenue(
        form({
          name: at(VENUE_LIMITS.name + 1),
          addressLine1: at(VENUE_LIMITS.addressLine1 + 1),
          city: at(VENUE_LIMITS.city + 1),
          accessNotes: at(VENUE_LIMITS.accessNotes + 1),
        }),
      ),
    ).toEqual({
      ok: false,
      fields: {
        name: words.nameTooLong(VENUE_LIMITS.name),
        addressLine1: words.addressTooLong(VENUE_LIMITS.addressLine1),
        city: words.cityTooLong(VENUE_LIMITS.city),
        accessNotes: words.accessNotesTooLong(VENUE_LIMITS.accessNotes),
      },
    });
  });

  it("reads back the form it was given from a saved venue", () => {
    const checked = checkVenue(form({ stepFree: "yes", seating: "no", lat: "51.7585", lng: "-1.2663" }));
    if (!checked.ok) throw new Error("expected a venue");
    expect(checkVenue(venueFormValues(checked.venue))).toEqual(checked);
  });
});

describe("hasAccessInfo", () => {
  const none = {
    stepFree: null,
    accessibleToilets: null,
    hearingLoop: null,
    seating: null,
    quietSpace: null,
    accessibleParking: null,
    notes: "",
  };
  it("is false only when nothing at all is said", () => {
    expect(hasAccessInfo(none)).toBe(false);
    expect(hasAccessInfo({ ...none, notes: "  " })).toBe(false);
    expect(hasAccessInfo({ ...none, hearingLoop: false })).toBe(true);
    expect(hasAccessInfo({ ...none, accessibleParking: true })).toBe(true);
    expect(hasAccessInfo({ ...none, notes: "Lift to every floor." })).toBe(true);
  });
});

describe("venueFormAsSent", () => {
  it("keeps what was typed in the form's own fields, and only those", () => {
    expect(venueFormAsSent({ name: "The Cluny", stepFree: "yes", addKey: "k", intent: "save" })).toEqual({
      ...EMPTY_VENUE_FORM,
      name: "The Cluny",
      stepFree: "yes",
    });
    expect(venueFormAsSent({})).toEqual(EMPTY_VENUE_FORM);
  });
});
