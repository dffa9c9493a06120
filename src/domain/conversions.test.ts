import { describe, expect, it } from "vitest";
import { conversionSkip } from "./conversions";

const base = {
  productionOrigins: ["https://ticketyboo.co.uk"],
  origin: "https://ticketyboo.co.uk",
  statisticsConsent: true,
  user: { id: "u1", email: "bea@example.com" },
  cart: [{ ticketTypeId: "t1", count: 2 }],
};

describe("conversionSkip", () => {
  it("sends from the production site, with consent, a person and a cart", () => {
    expect(conversionSkip(base)).toBeNull();
    // The production URL's path or trailing slash does not matter; its origin does.
    expect(conversionSkip({ ...base, productionOrigins: ["https://ticketyboo.co.uk/"] })).toBeNull();
  });

  it("skips when nothing is configured or the origin is another site, a preview or missing", () => {
    expect(conversionSkip({ ...base, productionOrigins: [] })).toBe("not_production");
    expect(conversionSkip({ ...base, origin: "https://preview.ticketyboo.co.uk" })).toBe("not_production");
    expect(conversionSkip({ ...base, origin: "http://ticketyboo.co.uk" })).toBe("not_production");
    expect(conversionSkip({ ...base, origin: null })).toBe("not_production");
    expect(conversionSkip({ ...base, origin: "not a url" })).toBe("not_production");
    // Run locally without PUBLIC_URL, every loopback name of the app is its own site.
    const local = ["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"];
    expect(conversionSkip({ ...base, productionOrigins: local, origin: "http://127.0.0.1:3000" })).toBeNull();
    expect(conversionSkip({ ...base, productionOrigins: local, origin: "http://127.0.0.1:3001" })).toBe(
      "not_production",
    );
  });

  it("skips without statistics consent", () => {
    expect(conversionSkip({ ...base, statisticsConsent: false })).toBe("no_consent");
  });

  it("skips when the user info is empty", () => {
    expect(conversionSkip({ ...base, user: null })).toBe("no_user");
    expect(conversionSkip({ ...base, user: { id: "u1", email: "" } })).toBe("no_user");
  });

  it("skips a cart whose items all count 0, but not a cart with one counted item", () => {
    expect(
      conversionSkip({
        ...base,
        cart: [
          { ticketTypeId: "t1", count: 0 },
          { ticketTypeId: "t2", count: 0 },
        ],
      }),
    ).toBe("empty_cart");
    expect(
      conversionSkip({
        ...base,
        cart: [
          { ticketTypeId: "t1", count: 0 },
          { ticketTypeId: "t2", count: 1 },
        ],
      }),
    ).toBeNull();
  });
});
