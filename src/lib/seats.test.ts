import { describe, expect, it } from "vitest";
import { rowLetter, seatName } from "./seats";

describe("seat names", () => {
  it("letters rows as venues do, past Z", () => {
    expect([1, 2, 26, 27, 52, 53].map(rowLetter)).toEqual(["A", "B", "Z", "AA", "AZ", "BA"]);
    expect(seatName(2, 4)).toBe("B4");
  });
});

describe("named rows", () => {
  it("use the host's names, letters where none is given, and a hyphen after a name ending in a digit", () => {
    expect(seatName(2, 4, ["AA", "BB"])).toBe("BB4");
    expect(seatName(3, 4, ["AA", "BB"])).toBe("C4");
    expect(seatName(1, 24, ["1", "12"])).toBe("1-24");
    expect(seatName(2, 4, ["1", "12"])).toBe("12-4");
    expect(seatName(1, 1, [""])).toBe("A1");
  });
});
