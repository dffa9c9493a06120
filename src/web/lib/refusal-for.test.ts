import { describe, expect, it } from "vitest";
import { refusalFor } from "./refusal-for";

describe("the refusal meant for one form of many", () => {
  const answer = {
    error: "Give the ticket type a name.",
    fieldErrors: { name: "Give the ticket type a name." },
    intent: "update",
    target: "t1",
    values: { name: "" },
  };

  it("is found by intent and target, with the field's words and what was typed", () => {
    expect(refusalFor(answer, "update", "t1")).toEqual({
      formError: null,
      fieldErrors: { name: "Give the ticket type a name." },
      error: "Give the ticket type a name.",
      values: { name: "" },
    });
  });

  it("is no other form's, nor a success", () => {
    expect(refusalFor(answer, "update", "t2")).toBeNull();
    expect(refusalFor(answer, "add", "t1")).toBeNull();
    expect(refusalFor({ ok: "Saved", intent: "update", target: "t1" }, "update", "t1")).toBeNull();
    expect(refusalFor(undefined, "update", "t1")).toBeNull();
  });

  it("carries the words for the whole form when no field has them", () => {
    expect(
      refusalFor(
        { error: "Try again in a few minutes.", fieldErrors: {}, intent: "remove", target: "t1" },
        "remove",
        "t1",
      ),
    ).toMatchObject({ formError: "Try again in a few minutes.", error: "Try again in a few minutes.", values: null });
  });
});
