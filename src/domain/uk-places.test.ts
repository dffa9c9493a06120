import { describe, expect, it } from "vitest";
import { editDistance, lookupPlace, normalisePlace, UK_PLACES } from "./uk-places";

const found = (typed: string) => {
  const result = lookupPlace(typed);
  return result.found?.name ?? null;
};

describe("lookupPlace", () => {
  it("finds places whatever the case, spacing or punctuation", () => {
    expect(found("leeds")).toBe("Leeds");
    expect(found("  MANCHESTER ")).toBe("Manchester");
    expect(found("stoke on trent")).toBe("Stoke-on-Trent");
    expect(found("Saint Albans")).toBe("St Albans");
    expect(found("St. Andrews")).toBe("St Andrews");
    expect(found("Leeds, West Yorkshire")).toBe("Leeds");
  });

  it("knows the short forms people type", () => {
    expect(found("Newcastle")).toBe("Newcastle upon Tyne");
    expect(found("southend")).toBe("Southend-on-Sea");
  });

  it("suggests close spellings for an unknown place, and nothing for nonsense", () => {
    const typo = lookupPlace("Leds");
    expect(typo.found).toBeNull();
    expect(typo.found === null && typo.suggestions.map((p) => p.name)).toContain("Leeds");
    const start = lookupPlace("Brigh");
    expect(start.found === null && start.suggestions.map((p) => p.name)).toEqual(["Brighton"]);
    expect(lookupPlace("Xyzzyplugh")).toEqual({ found: null, suggestions: [] });
    expect(lookupPlace("")).toEqual({ found: null, suggestions: [] });
  });

  it("has every demo city, each once, inside the UK", () => {
    for (const city of [
      "London",
      "Manchester",
      "Bristol",
      "Glasgow",
      "Edinburgh",
      "Leeds",
      "Brighton",
      "Cardiff",
      "Birmingham",
      "Sheffield",
      "Liverpool",
      "Nottingham",
    ]) {
      expect(found(city), city).toBe(city);
    }
    expect(new Set(UK_PLACES.map((p) => normalisePlace(p.name))).size).toBe(UK_PLACES.length);
    for (const p of UK_PLACES) {
      expect(p.lat, p.name).toBeGreaterThan(49.8);
      expect(p.lat, p.name).toBeLessThan(60.9);
      expect(p.lng, p.name).toBeGreaterThan(-8.2);
      expect(p.lng, p.name).toBeLessThan(1.8);
    }
  });
});

describe("editDistance", () => {
  it("counts insertions, deletions and changes", () => {
    expect(editDistance("leeds", "leeds")).toBe(0);
    expect(editDistance("leds", "leeds")).toBe(1);
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("", "abc")).toBe(3);
  });
});
