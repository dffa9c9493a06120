import { describe, expect, it } from "vitest";
import { personName } from "./person-name";

describe("personName", () => {
  it("joins the first and last names, either alone where only one was given", () => {
    expect(personName({ firstName: "Ada", lastName: "Lovelace", name: "ada99" })).toBe("Ada Lovelace");
    expect(personName({ firstName: "Ada", lastName: null, name: "ada99" })).toBe("Ada");
    expect(personName({ firstName: "", lastName: "Lovelace", name: "ada99" })).toBe("Lovelace");
  });

  it("falls back to the sign-up name, then to nothing", () => {
    expect(personName({ firstName: null, lastName: "", name: "ada99" })).toBe("ada99");
    expect(personName({})).toBe("");
  });
});
