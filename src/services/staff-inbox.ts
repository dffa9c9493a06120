import { and, count, desc, eq, inArray, isNotNull, isNull, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { feedback, submittedEvent } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import { recordStaffAction, type StaffActor } from "./audit-log";
import { asStaff, pageOf, pageOffset, STAFF_PAGE_SIZE } from "./staff-actions";

/**
 * What people send the team, as staff work through it: feedback, bug reports and support requests
 * from signed-in people; contact messages from anyone; events suggested by link. Each is open until
 * a staff member marks it handled (or a suggestion reviewed or rejected), which the audit log records.
 */

export type MessageBox = "feedback" | "contact";
export type MessageState = "open" | "handled";

/** The kinds each box holds: the contact form's messages have a box of their own. */
const BOX_KINDS = {
  feedback: ["feedback", "bug", "support"],
  contact: ["contact"],
} as const satisfies Record<MessageBox, readonly (typeof feedback.$inferSelect.kind)[]>;

const KIND_NAMES: Record<typeof feedback.$inferSelect.kind, string> = {
  feedback: "feedback",
  bug: "bug report",
  support: "support request",
  contact: "contact message",
};

export async function listMessages(
  db: Db,
  { box, state, page }: { box: MessageBox; state: MessageState; page: number },
) {
  const where = and(
    inArray(feedback.kind, [...BOX_KINDS[box]]),
    state === "open" ? isNull(feedback.handledAt) : isNotNull(feedback.handledAt),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: feedback.id,
        kind: feedback.kind,
        name: feedback.name,
        email: feedback.email,
        subject: feedback.subject,
        message: feedback.message,
        createdAt: feedback.createdAt,
        handledAt: feedback.handledAt,
        postedToChatAt: feedback.postedToChatAt,
      })
      .from(feedback)
      .where(where)
      .orderBy(desc(feedback.createdAt), desc(feedback.id))
      .limit(STAFF_PAGE_SIZE)
      .offset(pageOffset(page)),
    db.select({ n: count() }).from(feedback).where(where),
  ]);
  return pageOf(rows, total?.n ?? 0, page);
}

/** Marks a message in `box` handled, or open again. A message of another box is not found. */
export async function setMessageHandled(
  db: Db,
  actor: StaffActor,
  { box, id, handled }: { box: MessageBox; id: string; handled: boolean },
  now: Date,
): Promise<void> {
  await asStaff(db, actor, async (tx) => {
    const [row] = await tx
      .update(feedback)
      .set(handled ? { handledAt: now, handledBy: actor.id } : { handledAt: null, handledBy: null })
      .where(and(eq(feedback.id, id), inArray(feedback.kind, [...BOX_KINDS[box]])))
      .returning({ kind: feedback.kind, name: feedback.name, subject: feedback.subject });
    if (!row) throw new AppError("not_found");
    await recordStaffAction(tx, actor, {
      action: handled ? "message.handle" : "message.reopen",
      subjectType: "feedback",
      subjectId: id,
      summary:
        `${handled ? "Marked handled" : "Reopened"} the ${KIND_NAMES[row.kind]} from ${row.name}` +
        (row.subject ? ` (‘${row.subject}’)` : ""),
    });
  });
}

export type SuggestionState = "new" | "reviewed" | "rejected";

export async function listSubmittedEvents(db: Db, { state, page }: { state: SuggestionState; page: number }) {
  const where: SQL = eq(submittedEvent.status, state);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(submittedEvent)
      .where(where)
      .orderBy(desc(submittedEvent.createdAt), desc(submittedEvent.id))
      .limit(STAFF_PAGE_SIZE)
      .offset(pageOffset(page)),
    db.select({ n: count() }).from(submittedEvent).where(where),
  ]);
  return pageOf(rows, total?.n ?? 0, page);
}

/** Marks a suggested event reviewed or rejected (or back to new). */
export async function reviewSubmittedEvent(
  db: Db,
  actor: StaffActor,
  { id, status }: { id: string; status: SuggestionState },
  now: Date,
): Promise<void> {
  await asStaff(db, actor, async (tx) => {
    const [row] = await tx
      .update(submittedEvent)
      .set(
        status === "new"
          ? { status, reviewedAt: null, reviewedBy: null }
          : { status, reviewedAt: now, reviewedBy: actor.id },
      )
      .where(eq(submittedEvent.id, id))
      .returning({ url: submittedEvent.url });
    if (!row) throw new AppError("not_found");
    const verb = { new: "Put back as new", reviewed: "Marked reviewed", rejected: "Rejected" }[status];
    await recordStaffAction(tx, actor, {
      action: `submitted-event.${status === "new" ? "reopen" : status === "reviewed" ? "review" : "reject"}`,
      subjectType: "submitted_event",
      subjectId: id,
      summary: `${verb} the suggested event ${row.url}`,
    });
  });
}
