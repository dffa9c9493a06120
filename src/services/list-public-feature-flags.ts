import { and, asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { featureFlag } from "~/db/schema";

/** Feature flags that any visitor may see. Private flags are for server code only. */
export async function listPublicFeatureFlags(db: Db) {
  return db
    .select({ key: featureFlag.key, enabled: featureFlag.enabled })
    .from(featureFlag)
    .where(and(eq(featureFlag.isPublic, true)))
    .orderBy(asc(featureFlag.key));
}
