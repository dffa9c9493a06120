import { and, asc, desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { alert, featureFlag } from "~/db/schema";

/** Active alerts, newest first. Which ones a browser has seen is decided by the caller. */
export async function listActiveAlerts(db: Db) {
  return db
    .select({ id: alert.id, heading: alert.heading, description: alert.description, isFullPage: alert.isFullPage, savedAt: alert.savedAt })
    .from(alert)
    .where(eq(alert.isActive, true))
    .orderBy(desc(alert.savedAt))
    .limit(5);
}

/** Feature flags that any visitor may see. Private flags are for server code only. */
export async function listPublicFeatureFlags(db: Db) {
  return db
    .select({ key: featureFlag.key, enabled: featureFlag.enabled })
    .from(featureFlag)
    .where(and(eq(featureFlag.isPublic, true)))
    .orderBy(asc(featureFlag.key));
}
