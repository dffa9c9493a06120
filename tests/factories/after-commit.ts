import { and, sql } from "drizzle-orm";
import type { Db } from "../../src/db/client.server";
import { afterCommitWork } from "../../src/db/schema";
import type { AfterCommitWork } from "../../src/services/after-commit";

/**
 * The after-commit work recorded (and not yet done) of one kind whose fields include `match`: what
 * a use case's transaction left to do once it committed (see src/services/after-commit.ts).
 */
export async function recordedWork<K extends AfterCommitWork["kind"]>(
  db: Db,
  kind: K,
  match: Partial<Extract<AfterCommitWork, { kind: K }>> = {},
) {
  const rows = await db
    .select()
    .from(afterCommitWork)
    .where(
      and(
        sql`${afterCommitWork.work}->>'kind' = ${kind}`,
        sql`${afterCommitWork.work} @> ${JSON.stringify(match)}::jsonb`,
      ),
    );
  return rows.map((r) => r.work as Extract<AfterCommitWork, { kind: K }>);
}
