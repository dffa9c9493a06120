import { describe, expect, it } from "vitest";
import { CONSENT_MAX_AGE_SECONDS, consentFromChoice, readConsent, serializeConsent } from "./consent";

describe("consent cookie", () => {
  it("lasts ten years, is readable by the page, and round-trips", () => {
    const consent = consentFromChoice({ performance: false, statistics: true }, "2026-11-23T10:00:00.000Z");
    const header = serializeConsent(consent, true);
    expect(CONSENT_MAX_AGE_SECONDS).toBe(315_360_000);
    expect(header).toContain("Max-Age=315360000");
    expect(header).toContain("Secure");
    expect(header).not.toContain("HttpOnly");
    expect(readConsent(header.split(";")[0]!)).toEqual({
      necessary: true,
      performance: false,
      statistics: true,
      savedAt: "2026-11-23T10:00:00.000Z",
    });
  });

  it("treats a missing or tampered cookie as no choice", () => {
    expect(readConsent("")).toBeNull();
    expect(readConsent("tb_consent=not-json")).toBeNull();
    expect(readConsent(`tb_consent=${encodeURIComponent(JSON.stringify({ performance: "yes" }))}`)).toBeNull();
  });
});
