import { describe, expect, it } from "vitest";
import { isValidEmail, passwordProblem } from "./account-rules";

describe("isValidEmail (spec §5 pattern)", () => {
  it.each(["bea@example.com", "Bea.Buyer+gigs@mail.example.co.uk", "a_b%c-d@x.io", "UPPER@EXAMPLE.ORG"])(
    "accepts %s",
    (email) => {
      expect(isValidEmail(email)).toBe(true);
    },
  );
  it.each([
    "",
    "bea",
    "bea@",
    "@example.com",
    "bea@example",
    "bea@example.c",
    "bea@example.toolong",
    "bea smith@example.com",
    "bea@exa mple.com",
    "bea..x@example.com",
    "bé@example.com",
  ])("refuses %j", (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
});

describe("passwordProblem", () => {
  it("needs at least 6 characters", () => {
    expect(passwordProblem("abc12")).toBe("too_short");
    expect(passwordProblem("gig-night-9")).toBeNull();
  });
  it("refuses the passwords every leaked list starts with, in any case", () => {
    for (const pw of ["123456", "password", "Password1", "QWERTY123", "iloveyou", "liverpool"])
      expect(passwordProblem(pw), pw).toBe("too_common");
  });
  it("refuses a password that is just the email's local part or the name", () => {
    expect(passwordProblem("beabuyer", { email: "beabuyer@example.com" })).toBe("too_common");
    expect(passwordProblem("beabuyer", { name: "Bea Buyer" })).toBe("too_common");
    expect(passwordProblem("beabuyer-2026", { email: "beabuyer@example.com", name: "Bea Buyer" })).toBeNull();
  });
  it("caps the length", () => {
    expect(passwordProblem("x".repeat(129))).toBe("too_long");
  });
});
