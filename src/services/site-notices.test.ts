import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { alert, featureFlag } from "~/db/schema";
import { alertStamp } from "~/lib/alerts-seen";
import { createTestDatabase } from "../../tests/setup/test-db";
import { ALERTS_SHOWN, readSiteNotices } from "./site-notices";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe("readSiteNotices", () => {
  it("says there is nothing when there are no alerts and no public flags", async () => {
    await database.db.insert(featureFlag).values({ key: "hidden-only", enabled: true, isPublic: false });
    expect(await readSiteNotices(database.db)).toEqual({ alerts: [], flags: [] });
  });

  it("lists active alerts newest first, at most five, and never a private flag", async () => {
    const saved = (day: number) => new Date(Date.UTC(2026, 1, day, 9, 30, 15, 123));
    await database.db.insert(alert).values([
      { heading: "Old news", description: "Gone", isActive: false, savedAt: saved(28) },
      { heading: "Maintenance", description: "Tonight", isActive: true, savedAt: saved(2) },
      { heading: "New feature", description: "Waitlists", isActive: true, isFullPage: true, savedAt: saved(3) },
      ...[4, 5, 6, 7, 1].map((day) => ({
        heading: `Day ${day}`,
        description: "More",
        isActive: true,
        savedAt: saved(day),
      })),
    ]);
    await database.db.insert(featureFlag).values([
      { key: "zebra-crossing", enabled: false, isPublic: true },
      { key: "public-on", enabled: true, isPublic: true },
    ]);
    const { alerts, flags } = await readSiteNotices(database.db);
    expect(alerts).toHaveLength(ALERTS_SHOWN);
    expect(alerts.map((a) => a.heading)).toEqual(["Day 7", "Day 6", "Day 5", "Day 4", "New feature"]);
    const feature = alerts.find((a) => a.heading === "New feature")!;
    expect(feature).toMatchObject({ description: "Waitlists", isFullPage: true });
    expect(alerts.find((a) => a.heading === "Day 7")!.isFullPage).toBe(false);
    // The stamp a browser keeps for a seen alert is the one the database's time gives, to the millisecond.
    expect(alertStamp(feature.savedAt)).toBe(alertStamp(saved(3)));
    expect(flags).toEqual([
      { key: "public-on", enabled: true },
      { key: "zebra-crossing", enabled: false },
    ]);
  });
});
