import { count, desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { auditLog } from "~/db/schema";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export const AUDIT_PAGE_SIZE = 50;

/** Who acted: the signed-in staff member. */
export interface StaffActor {
  id: string;
  email: string;
}

export interface StaffAction {
  /** A stable verb, `<subject>.<what>`: `alert.create`, `blog.publish`, `badge.grant`. */
  action: string;
  subjectType: string;
  subjectId?: string | null;
  /** One sentence a person reads in the log: "Published the blog post ‘Summer at the Crown’". */
  summary: string;
  details?: Record<string, unknown>;
}

/**
 * Records one staff action. Call it with the transaction that made the change, so the log holds
 * exactly what happened: a change that rolls back leaves no line, and no change is made without one.
 */
export async function recordStaffAction(tx: Db | Tx, actor: StaffActor, entry: StaffAction) {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId ?? null,
    summary: entry.summary,
    details: entry.details ?? {},
  });
}

/** The log, newest first, a page at a time; optionally one kind of subject. */
export async function listAuditLog(db: Db, { page, subjectType }: { page: number; subjectType?: string | null }) {
  const where = subjectType ? eq(auditLog.subjectType, subjectType) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        actorEmail: auditLog.actorEmail,
        action: auditLog.action,
        subjectType: auditLog.subjectType,
        subjectId: auditLog.subjectId,
        summary: auditLog.summary,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  const n = total?.n ?? 0;
  return { rows, total: n, page, pageCount: Math.max(1, Math.ceil(n / AUDIT_PAGE_SIZE)) };
}
