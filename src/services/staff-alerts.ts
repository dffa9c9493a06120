import { count, desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { alert } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import { recordStaffAction, type StaffActor } from "./audit-log";
import { refuseIfAny } from "./field-errors";
import { asStaff, checkedText, pageOf, pageOffset, STAFF_PAGE_SIZE } from "./staff-actions";

/**
 * Alerts from the team (spec §4): a banner under the header, or a full-page notice, each shown
 * once per browser. A browser remembers the alerts it has seen by their `savedAt`, so an alert
 * edited "to show again" gets a new `savedAt` and everyone sees it once more; a small fix keeps it.
 */

export const ALERT_LIMITS = { heading: { min: 3, max: 120 }, description: { min: 3, max: 600 } } as const;

export interface AlertInput {
  heading: unknown;
  description: unknown;
  isFullPage: boolean;
}

function checkAlert(input: AlertInput) {
  const heading = checkedText("heading", input.heading, ALERT_LIMITS.heading);
  const description = checkedText("message", input.description, { ...ALERT_LIMITS.description, multiline: true });
  refuseIfAny({ heading: heading.error, description: description.error });
  return { heading: heading.value, description: description.value, isFullPage: input.isFullPage };
}

const kind = (isFullPage: boolean) => (isFullPage ? "full-page notice" : "banner");

export async function listAlerts(db: Db, { page }: { page: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(alert)
      .orderBy(desc(alert.isActive), desc(alert.savedAt), desc(alert.id))
      .limit(STAFF_PAGE_SIZE)
      .offset(pageOffset(page)),
    db.select({ n: count() }).from(alert),
  ]);
  return pageOf(rows, total?.n ?? 0, page);
}

export async function getAlert(db: Db, id: string) {
  const [row] = await db.select().from(alert).where(eq(alert.id, id));
  if (!row) throw new AppError("not_found");
  return row;
}

/** A new alert, live at once when `active` (the default), or kept as a draft. */
export async function createAlert(
  db: Db,
  actor: StaffActor,
  input: AlertInput & { active: boolean },
  now: Date,
): Promise<{ id: string }> {
  const values = checkAlert(input);
  return asStaff(db, actor, async (tx) => {
    const [row] = await tx
      .insert(alert)
      .values({ ...values, isActive: input.active, savedAt: now, createdAt: now })
      .returning({ id: alert.id });
    await recordStaffAction(tx, actor, {
      action: "alert.create",
      subjectType: "alert",
      subjectId: row!.id,
      summary: `${input.active ? "Published" : "Drafted"} the ${kind(values.isFullPage)} ‘${values.heading}’`,
    });
    return { id: row!.id };
  });
}

/** Edits an alert; `showAgain` gives it a new `savedAt`, so browsers that saw it see it again. */
export async function updateAlert(
  db: Db,
  actor: StaffActor,
  id: string,
  input: AlertInput & { showAgain: boolean },
  now: Date,
): Promise<void> {
  const values = checkAlert(input);
  await asStaff(db, actor, async (tx) => {
    const [row] = await tx
      .update(alert)
      .set({ ...values, ...(input.showAgain ? { savedAt: now } : {}) })
      .where(eq(alert.id, id))
      .returning({ id: alert.id });
    if (!row) throw new AppError("not_found");
    await recordStaffAction(tx, actor, {
      action: "alert.update",
      subjectType: "alert",
      subjectId: id,
      summary:
        `Edited the ${kind(values.isFullPage)} ‘${values.heading}’` +
        (input.showAgain ? ", to be shown again to everyone" : ""),
    });
  });
}

/** Turns an alert on (people who have not seen it will) or off (nobody sees it). */
export async function setAlertActive(db: Db, actor: StaffActor, id: string, active: boolean): Promise<void> {
  await asStaff(db, actor, async (tx) => {
    const [row] = await tx
      .update(alert)
      .set({ isActive: active })
      .where(eq(alert.id, id))
      .returning({ heading: alert.heading, isFullPage: alert.isFullPage });
    if (!row) throw new AppError("not_found");
    await recordStaffAction(tx, actor, {
      action: active ? "alert.activate" : "alert.deactivate",
      subjectType: "alert",
      subjectId: id,
      summary: `${active ? "Activated" : "Deactivated"} the ${kind(row.isFullPage)} ‘${row.heading}’`,
    });
  });
}
