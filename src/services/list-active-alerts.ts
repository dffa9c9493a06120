import { desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { alert } from "~/db/schema";

/** Active alerts, newest first. Which ones a browser has seen is decided by the caller. */
export async function listActiveAlerts(db: Db) {
  return db
    .select({
      id: alert.id,
      heading: alert.heading,
      description: alert.description,
      isFullPage: alert.isFullPage,
      savedAt: alert.savedAt,
    })
    .from(alert)
    .where(eq(alert.isActive, true))
    .orderBy(desc(alert.savedAt))
    .limit(5);
}
