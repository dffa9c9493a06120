import { describe, expect, it } from "vitest";
import {
  ACCESS_NOTES_MAX_LENGTH,
  accessNeedsLine,
  accessNeedsOf,
  checkAccessNeeds,
  isAccessNeed,
} from "./access-needs";

describe("checkAccessNeeds", () => {
  it("is null when nothing is ticked or written", () => {
    expect(checkAccessNeeds({ needs: [], notes: "  \r\n " })).toEqual({ ok: true, value: null });
  });

  it("keeps each need once, in the shown order, and drops unknown ones", () => {
    expect(checkAccessNeeds({ needs: ["hearing_loop", "nope", "wheelchair_user", "hearing_loop"], notes: "" })).toEqual(
      { ok: true, value: { needs: ["wheelchair_user", "hearing_loop"], notes: "" } },
    );
  });

  it("trims the notes and makes line ends plain", () => {
    expect(checkAccessNeeds({ needs: [], notes: " Aisle seat\r\nplease " })).toEqual({
      ok: true,
      value: { needs: [], notes: "Aisle seat\nplease" },
    });
  });

  it("takes notes of exactly the limit and refuses one character more", () => {
    const limit = "é".repeat(ACCESS_NOTES_MAX_LENGTH);
    expect(checkAccessNeeds({ needs: [], notes: limit }).ok).toBe(true);
    expect(checkAccessNeeds({ needs: [], notes: `${limit}x` })).toEqual({ ok: false, problem: "notes_too_long" });
  });
});

describe("accessNeedsOf", () => {
  it("reads what was stored, leaving out what is not understood", () => {
    expect(accessNeedsOf({ needs: ["quiet_space", 3, "gone"], notes: "Near an exit" })).toEqual({
      needs: ["quiet_space"],
      notes: "Near an exit",
    });
    expect(accessNeedsOf(null)).toBeNull();
    expect(accessNeedsOf({ needs: [], notes: "" })).toBeNull();
  });
});

it("names needs by their labels", () => {
  expect(accessNeedsLine({ needs: ["step_free", "companion"], notes: "" })).toBe(
    "Step-free access, Companion or personal assistant",
  );
  expect(isAccessNeed("assistance_dog")).toBe(true);
  expect(isAccessNeed("toString")).toBe(false);
});
