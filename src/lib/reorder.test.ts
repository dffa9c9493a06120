import { describe, expect, it } from "vitest";
import { movedOnePlace } from "./reorder";

describe("moving one place", () => {
  it("swaps with the neighbour, and stays put at either end or for no such item", () => {
    expect(movedOnePlace(["a", "b", "c"], 1, -1)).toEqual(["b", "a", "c"]);
    expect(movedOnePlace(["a", "b", "c"], 1, 1)).toEqual(["a", "c", "b"]);
    expect(movedOnePlace(["a", "b", "c"], 0, -1)).toEqual(["a", "b", "c"]);
    expect(movedOnePlace(["a", "b", "c"], 2, 1)).toEqual(["a", "b", "c"]);
    expect(movedOnePlace(["a", "b", "c"], 5, 1)).toEqual(["a", "b", "c"]);
  });
});
