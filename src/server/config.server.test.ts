import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.server";

const base = { NODE_ENV: "production", DATA_DIR: "/tmp/ticketyboo-config-test" } as const;
const refusal = (env: Record<string, string>) => {
  try {
    loadConfig({ ...base, ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return null;
};

describe("test payments on a real deployment", () => {
  it("refuses to start on an https address with no payment provider, naming what to set", () => {
    const message = refusal({ PUBLIC_URL: "https://tickets.example" });
    expect(message).toContain("no payment provider is configured, so https://tickets.example would take test payments that move no money");
    expect(message).toContain("Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take real payments, or set ALLOW_TEST_PAYMENTS=true");
  });

  it("refuses a Stripe test-mode key on an https address too", () => {
    expect(refusal({ PUBLIC_URL: "https://tickets.example", STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_x" })).toContain(
      "a Stripe test-mode key on https://tickets.example would take test payments that move no money. Set a live key (sk_live_…), or set ALLOW_TEST_PAYMENTS=true",
    );
    expect(refusal({ PUBLIC_URL: "https://tickets.example", STRIPE_SECRET_KEY: "rk_test_abc" })).toContain("a Stripe test-mode key");
  });

  it("starts with test payments asked for explicitly, and says they move no money", () => {
    for (const yes of ["true", "1"]) {
      expect(loadConfig({ ...base, PUBLIC_URL: "https://demo.tickets.example", ALLOW_TEST_PAYMENTS: yes })).toMatchObject({ stripe: undefined, testPayments: true });
    }
    expect(refusal({ PUBLIC_URL: "https://tickets.example", ALLOW_TEST_PAYMENTS: "false" })).toContain("ALLOW_TEST_PAYMENTS=true");
    expect(refusal({ PUBLIC_URL: "https://tickets.example", ALLOW_TEST_PAYMENTS: "yes please" })).toContain("ALLOW_TEST_PAYMENTS");
  });

  it("starts with a live Stripe key on https, and with the test provider on a local http address", () => {
    expect(loadConfig({ ...base, PUBLIC_URL: "https://tickets.example", STRIPE_SECRET_KEY: "sk_live_abc", STRIPE_WEBHOOK_SECRET: "whsec_x" })).toMatchObject({
      stripe: { secretKey: "sk_live_abc" },
      testPayments: false,
    });
    expect(loadConfig({ ...base })).toMatchObject({ publicUrl: "http://localhost:3000", stripe: undefined, testPayments: true });
    expect(loadConfig({ ...base, PUBLIC_URL: "http://192.168.1.20:3000" })).toMatchObject({ testPayments: true });
  });
});
