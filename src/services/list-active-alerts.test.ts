import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { alert } from "~/db/schema";
import { createTestDatabase } from "../../tests/setup/test-db";
import { listActiveAlerts } from "./list-active-alerts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(alert).values([
    { heading: "Old news", description: "Gone", isActive: false, savedAt: new Date("2026-01-01T00:00:00Z") },
    { heading: "Maintenance", description: "Tonight", isActive: true, savedAt: new Date("2026-02-01T00:00:00Z") },
    {
      heading: "New feature",
      description: "Waitlists",
      isActive: true,
      isFullPage: true,
      savedAt: new Date("2026-03-01T00:00:00Z"),
    },
  ]);
});
afterAll(async () => {
  await database.close();
});

describe("listActiveAlerts", () => {
  it("lists only active alerts, newest first", async () => {
    const alerts = await listActiveAlerts(database.db);
    expect(alerts.map((a) => a.heading)).toEqual(["New feature", "Maintenance"]);
    expect(alerts[0]!.isFullPage).toBe(true);
  });
});
