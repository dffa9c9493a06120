import { describe, expect, it } from "vitest";
import { locationCookieString, parseLocation, readLocation, serializeLocation } from "./location-cookie";

describe("location cookie", () => {
  it("round-trips a location to four decimals, with the time in seconds and an optional label", () => {
    const loc = { lat: 51.45041234, lng: -0.11934, takenAt: 1_795_000_000_123, label: "Brixton, London" };
    expect(parseLocation(serializeLocation(loc))).toEqual({
      lat: 51.4504,
      lng: -0.1193,
      takenAt: 1_795_000_000_000,
      label: "Brixton, London",
    });
  });

  it("reads it from a Cookie header among others", () => {
    const set = locationCookieString({ lat: 53.48, lng: -2.24, takenAt: 1_795_000_000_000 }, false);
    const value = set.split(";")[0]!;
    expect(readLocation(`tb_theme=dark; ${value}; other=1`)).toEqual({
      lat: 53.48,
      lng: -2.24,
      takenAt: 1_795_000_000_000,
    });
  });

  it("ignores anything that is not a place on Earth", () => {
    expect(parseLocation("91,0,1")).toBeNull();
    expect(parseLocation("abc,def,1")).toBeNull();
    expect(parseLocation("51.5,-0.1,notatime")).toBeNull();
    expect(readLocation("tb_theme=dark")).toBeNull();
  });
});
