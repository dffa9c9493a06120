import { describe, expect, it } from "vitest";
import { rowLetter, seatName } from "./seats";

describe("seat names", () => {
  it("letters rows as venues do, past Z", () => {
    expect([1, 2, 26, 27, 52, 53].map(rowLetter)).toEqual(["A", "B", "Z", "AA", "AZ", "BA"]);
    expect(seatName(2, 4)).toBe("B4");
  });
});
