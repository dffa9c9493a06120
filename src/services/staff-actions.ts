import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { user } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import type { StaffActor } from "./audit-log";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Rows per page in the staff console's lists. */
export const STAFF_PAGE_SIZE = 25;

/**
 * Runs one staff action in a transaction, after checking in that transaction that the actor is
 * still staff (the page checked the session; this holds even for a caller that forgot, or an
 * account whose staff flag went since). Anyone else gets `not_found`, as the pages answer. The
 * action writes its audit line (`recordStaffAction`) with the same transaction.
 */
export async function asStaff<T>(db: Db, actor: StaffActor, action: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ isStaff: user.isStaff })
      .from(user)
      .where(and(eq(user.id, actor.id), isNull(user.deletedAt)))
      .for("share");
    if (!row?.isStaff) throw new AppError("not_found");
    return action(tx);
  });
}

/** What a paged list answers: its rows, how many in all, and where it is. */
export function pageOf<R>(rows: R[], total: number, page: number) {
  return { rows, total, page, pageCount: Math.max(1, Math.ceil(total / STAFF_PAGE_SIZE)) };
}

export const pageOffset = (page: number) => (page - 1) * STAFF_PAGE_SIZE;

/** Trimmed text (one line unless `multiline`) and, when it is out of limits, words naming the field. */
export function checkedText(
  label: string,
  value: unknown,
  { min, max, multiline = false }: { min: number; max: number; multiline?: boolean },
): { value: string; error?: string } {
  let text = typeof value === "string" ? value.replace(/\r\n?/g, "\n").trim() : "";
  if (!multiline) text = text.replace(/\s+/g, " ");
  if (text === "" && min > 0) return { value: text, error: `Please enter the ${label}.` };
  if (text.length < min) return { value: text, error: `${cap(label)} needs at least ${min} characters.` };
  if (text.length > max) return { value: text, error: `${cap(label)} must be ${max} characters or fewer.` };
  return { value: text };
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
