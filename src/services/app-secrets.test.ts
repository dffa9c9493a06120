import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { createTestDatabase } from "../../tests/setup/test-db";
import { getOrCreateSecret } from "./app-secrets";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe("getOrCreateSecret", () => {
  it("generates a strong secret once and returns the same one afterwards", async () => {
    const first = await getOrCreateSecret(database.db, "signing");
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await getOrCreateSecret(database.db, "signing")).toBe(first);
  });

  it("gives every caller the same secret when they race to create it", async () => {
    const secrets = await Promise.all(Array.from({ length: 8 }, () => getOrCreateSecret(database.db, "raced")));
    expect(new Set(secrets).size).toBe(1);
  });

  it("keeps different names apart", async () => {
    expect(await getOrCreateSecret(database.db, "a")).not.toBe(await getOrCreateSecret(database.db, "b"));
  });
});
