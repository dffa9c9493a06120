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

describe("the development routes on a real deployment", () => {
  it("refuses to start with them asked for on an https address, and never turns them on there by itself", () => {
    const https = { PUBLIC_URL: "https://tickets.example", ALLOW_TEST_PAYMENTS: "true" };
    expect(refusal({ ...https, ENABLE_DEV_ROUTES: "true" })).toContain(
      "ENABLE_DEV_ROUTES: the development routes would show every email sent, password-reset links included, to " +
        "anyone on https://tickets.example",
    );
    for (const NODE_ENV of ["development", "test"])
      expect(loadConfig({ ...base, ...https, NODE_ENV })).toMatchObject({ devRoutes: false });
    expect(loadConfig({ ...base, NODE_ENV: "development" })).toMatchObject({ devRoutes: true });
    expect(loadConfig({ ...base, ENABLE_DEV_ROUTES: "true" })).toMatchObject({ devRoutes: true });
  });
});

describe("test payments on a real deployment", () => {
  it("refuses to start on an https address with no payment provider, naming what to set", () => {
    const message = refusal({ PUBLIC_URL: "https://tickets.example" });
    expect(message).toContain(
      "no payment provider is configured, so https://tickets.example would take test payments that move no money",
    );
    expect(message).toContain(
      "Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take real payments, or set ALLOW_TEST_PAYMENTS=true",
    );
  });

  it("refuses a Stripe test-mode key on an https address too", () => {
    expect(
      refusal({
        PUBLIC_URL: "https://tickets.example",
        STRIPE_SECRET_KEY: "sk_test_abc",
        STRIPE_WEBHOOK_SECRET: "whsec_x",
      }),
    ).toContain(
      "a Stripe test-mode key on https://tickets.example would take test payments that move no money. Set a live key " +
        "(sk_live_…), or set ALLOW_TEST_PAYMENTS=true",
    );
    expect(refusal({ PUBLIC_URL: "https://tickets.example", STRIPE_SECRET_KEY: "rk_test_abc" })).toContain(
      "a Stripe test-mode key",
    );
  });

  it("starts with test payments asked for explicitly, and says they move no money", () => {
    for (const yes of ["true", "1"]) {
      expect(
        loadConfig({ ...base, PUBLIC_URL: "https://demo.tickets.example", ALLOW_TEST_PAYMENTS: yes }),
      ).toMatchObject({ stripe: undefined, testPayments: true });
    }
    expect(refusal({ PUBLIC_URL: "https://tickets.example", ALLOW_TEST_PAYMENTS: "false" })).toContain(
      "ALLOW_TEST_PAYMENTS=true",
    );
    expect(refusal({ PUBLIC_URL: "https://tickets.example", ALLOW_TEST_PAYMENTS: "yes please" })).toContain(
      "ALLOW_TEST_PAYMENTS",
    );
  });

  it("starts with a live Stripe key on https, and with the test provider on a local http address", () => {
    expect(
      loadConfig({
        ...base,
        PUBLIC_URL: "https://tickets.example",
        STRIPE_SECRET_KEY: "sk_live_abc",
        STRIPE_WEBHOOK_SECRET: "whsec_x",
      }),
    ).toMatchObject({
      stripe: { secretKey: "sk_live_abc" },
      testPayments: false,
    });
    expect(loadConfig({ ...base })).toMatchObject({
      publicUrl: "http://localhost:3000",
      stripe: undefined,
      testPayments: true,
    });
    expect(loadConfig({ ...base, PUBLIC_URL: "http://192.168.1.20:3000" })).toMatchObject({ testPayments: true });
  });

  it("sends a test-mode key to a stand-in Stripe when STRIPE_API_URL says, and never a live key", () => {
    expect(
      loadConfig({ ...base, STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_API_URL: "http://127.0.0.1:12111" }),
    ).toMatchObject({
      stripe: { secretKey: "sk_test_abc", apiUrl: "http://127.0.0.1:12111" },
    });
    expect(loadConfig({ ...base, STRIPE_SECRET_KEY: "sk_live_abc" })).toMatchObject({ stripe: { apiUrl: undefined } });
    for (const env of [{ STRIPE_SECRET_KEY: "sk_live_abc" }, {}] as Record<string, string>[]) {
      expect(refusal({ ...env, STRIPE_API_URL: "http://127.0.0.1:12111" })).toContain(
        "STRIPE_API_URL: a stand-in Stripe takes only a Stripe test-mode key",
      );
    }
  });
});

describe("loadConfig", () => {
  it("works with nothing set: port 3000, PGlite, the local site", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe("http://localhost:3000");
  });

  it("takes PostgreSQL URLs for DATABASE_URL, and an empty one as unset", () => {
    expect(loadConfig({ DATABASE_URL: "postgres://app:secret@db.internal:5432/ticketyboo" }).databaseUrl).toBe(
      "postgres://app:secret@db.internal:5432/ticketyboo",
    );
    expect(loadConfig({ DATABASE_URL: "postgresql://app@127.0.0.1/ticketyboo?sslmode=require" }).databaseUrl).toBe(
      "postgresql://app@127.0.0.1/ticketyboo?sslmode=require",
    );
    expect(loadConfig({ DATABASE_URL: "  " }).databaseUrl).toBeUndefined();
  });

  it("refuses a DATABASE_URL that is not a PostgreSQL URL, saying what one looks like", () => {
    for (const url of [
      "mysql://root@127.0.0.1/ticketyboo",
      "https://example.com/db",
      "./data/pglite",
      "sqlite:///tmp/x.db",
      "postgres",
    ]) {
      expect(() => loadConfig({ DATABASE_URL: url }), url).toThrow(ConfigError);
      expect(() => loadConfig({ DATABASE_URL: url }), url).toThrow(
        /DATABASE_URL: must be a PostgreSQL URL.*postgres:\/\/user:password@host:5432\/ticketyboo/,
      );
    }
  });

  it("bounds the image cache at 512 MB unless IMAGE_CACHE_MB says, and refuses nonsense", () => {
    expect(loadConfig({}).imageCacheBytes).toBe(512 * 1024 * 1024);
    expect(loadConfig({ IMAGE_CACHE_MB: "64" }).imageCacheBytes).toBe(64 * 1024 * 1024);
    for (const bad of ["0", "-5", "lots", "1.5"])
      expect(() => loadConfig({ IMAGE_CACHE_MB: bad }), bad).toThrow(/IMAGE_CACHE_MB/);
  });

  describe("trusted origins", () => {
    it("without PUBLIC_URL, trusts the loopback names on the app's own port, and only those", () => {
      expect(loadConfig({}).trustedOrigins).toEqual([
        "http://localhost:3000",
        "http://127.0.0.1:3000",
        "http://[::1]:3000",
      ]);
      expect(loadConfig({ PORT: "3205" }).trustedOrigins).toEqual([
        "http://localhost:3205",
        "http://127.0.0.1:3205",
        "http://[::1]:3205",
      ]);
    });

    it("with PUBLIC_URL, trusts that origin alone: no loopback name", () => {
      expect(
        loadConfig({ PUBLIC_URL: "https://tickets.example.org/", ALLOW_TEST_PAYMENTS: "true" }).trustedOrigins,
      ).toEqual(["https://tickets.example.org"]);
      expect(loadConfig({ PUBLIC_URL: "http://localhost:3000" }).trustedOrigins).toEqual(["http://localhost:3000"]);
    });
  });
});
