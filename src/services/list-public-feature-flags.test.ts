import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { featureFlag } from "~/db/schema";
import { createTestDatabase } from "../../tests/setup/test-db";
import { listPublicFeatureFlags } from "./list-public-feature-flags";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(featureFlag).values([
    { key: "public-on", enabled: true, isPublic: true },
    { key: "secret-plan", enabled: true, isPublic: false },
  ]);
});
afterAll(async () => {
  await database.close();
});

describe("listPublicFeatureFlags", () => {
  it("never includes a private flag", async () => {
    const flags = await listPublicFeatureFlags(database.db);
    expect(flags).toEqual([{ key: "public-on", enabled: true }]);
  });
});
