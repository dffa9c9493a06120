import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.server";

describe("loadConfig", () => {
  it("works with nothing set: port 3000, PGlite, the local site", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe("http://localhost:3000");
  });

  it("takes PostgreSQL URLs for DATABASE_URL, and an empty one as unset", () => {
    expect(loadConfig({ DATABASE_URL: "postgres://app:secret@db.internal:5432/ticketyboo" }).databaseUrl).toBe("postgres://app:secret@db.internal:5432/ticketyboo");
    expect(loadConfig({ DATABASE_URL: "postgresql://app@127.0.0.1/ticketyboo?sslmode=require" }).databaseUrl).toBe("postgresql://app@127.0.0.1/ticketyboo?sslmode=require");
    expect(loadConfig({ DATABASE_URL: "  " }).databaseUrl).toBeUndefined();
  });

  it("refuses a DATABASE_URL that is not a PostgreSQL URL, saying what one looks like", () => {
    for (const url of ["mysql://root@127.0.0.1/ticketyboo", "https://example.com/db", "./data/pglite", "sqlite:///tmp/x.db", "postgres"]) {
      expect(() => loadConfig({ DATABASE_URL: url }), url).toThrow(ConfigError);
      expect(() => loadConfig({ DATABASE_URL: url }), url).toThrow(/DATABASE_URL: must be a PostgreSQL URL.*postgres:\/\/user:password@host:5432\/ticketyboo/);
    }
  });

  it("bounds the image cache at 512 MB unless IMAGE_CACHE_MB says, and refuses nonsense", () => {
    expect(loadConfig({}).imageCacheBytes).toBe(512 * 1024 * 1024);
    expect(loadConfig({ IMAGE_CACHE_MB: "64" }).imageCacheBytes).toBe(64 * 1024 * 1024);
    for (const bad of ["0", "-5", "lots", "1.5"]) expect(() => loadConfig({ IMAGE_CACHE_MB: bad }), bad).toThrow(/IMAGE_CACHE_MB/);
  });

  describe("trusted origins", () => {
    it("without PUBLIC_URL, trusts the loopback names on the app's own port, and only those", () => {
      expect(loadConfig({}).trustedOrigins).toEqual(["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"]);
      expect(loadConfig({ PORT: "3205" }).trustedOrigins).toEqual(["http://localhost:3205", "http://127.0.0.1:3205", "http://[::1]:3205"]);
    });

    it("with PUBLIC_URL, trusts that origin alone: no loopback name", () => {
      expect(loadConfig({ PUBLIC_URL: "https://tickets.example.org/" }).trustedOrigins).toEqual(["https://tickets.example.org"]);
      expect(loadConfig({ PUBLIC_URL: "http://localhost:3000" }).trustedOrigins).toEqual(["http://localhost:3000"]);
    });
  });
});
