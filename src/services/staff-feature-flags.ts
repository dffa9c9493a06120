import { asc, count, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { featureFlag } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import { recordStaffAction, type StaffActor } from "./audit-log";
import { refuseIfAny } from "./field-errors";
import { asStaff, checkedText, pageOf, pageOffset, STAFF_PAGE_SIZE } from "./staff-actions";

/**
 * Feature flags as staff see them: every flag, public or not. The code names the flags (a key is
 * only useful where code reads it), so staff turn them on and off and describe them; they do not
 * make new ones. A public flag reaches every visitor's browser (root loader); a private one never does.
 */

export const FLAG_DESCRIPTION_MAX = 300;

export async function listFeatureFlags(db: Db, { page }: { page: number }) {
  const [rows, [total]] = await Promise.all([
    db.select().from(featureFlag).orderBy(asc(featureFlag.key)).limit(STAFF_PAGE_SIZE).offset(pageOffset(page)),
    db.select({ n: count() }).from(featureFlag),
  ]);
  return pageOf(rows, total?.n ?? 0, page);
}

export async function setFeatureFlag(
  db: Db,
  actor: StaffActor,
  key: string,
  enabled: boolean,
  now: Date,
): Promise<void> {
  await asStaff(db, actor, async (tx) => {
    const [row] = await tx
      .update(featureFlag)
      .set({ enabled, updatedAt: now })
      .where(eq(featureFlag.key, key))
      .returning({ key: featureFlag.key });
    if (!row) throw new AppError("not_found");
    await recordStaffAction(tx, actor, {
      action: enabled ? "flag.enable" : "flag.disable",
      subjectType: "feature_flag",
      subjectId: key,
      summary: `Turned the feature flag ‘${key}’ ${enabled ? "on" : "off"}`,
    });
  });
}

export async function describeFeatureFlag(
  db: Db,
  actor: StaffActor,
  key: string,
  input: { description: unknown; isPublic: boolean },
  now: Date,
): Promise<void> {
  const description = checkedText("description", input.description, { min: 0, max: FLAG_DESCRIPTION_MAX });
  refuseIfAny({ description: description.error });
  await asStaff(db, actor, async (tx) => {
    const [row] = await tx
      .update(featureFlag)
      .set({ description: description.value, isPublic: input.isPublic, updatedAt: now })
      .where(eq(featureFlag.key, key))
      .returning({ key: featureFlag.key });
    if (!row) throw new AppError("not_found");
    await recordStaffAction(tx, actor, {
      action: "flag.update",
      subjectType: "feature_flag",
      subjectId: key,
      summary: `Described the feature flag ‘${key}’ (${input.isPublic ? "public" : "private"})`,
      details: { description: description.value, isPublic: input.isPublic },
    });
  });
}
