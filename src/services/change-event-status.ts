import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { event, hold } from "~/db/schema";
import { type EventStatus, mayDo, onSale, statusAfter } from "~/domain/event-life-cycle";
import { AppError } from "~/lib/app-error";
import { lifeCycleMessages } from "~/texts/life-cycle-messages";
import { type OwnEvent, ownEvent } from "./event-sales";
import { releaseHoldsAndOffer } from "./waitlist-offers";

export type StatusAction = "publish" | "unpublish" | "archive" | "delete";

export interface StatusChange {
  eventId: string;
  status: EventStatus;
  /** False when the event already had that status (publishing twice): nothing was written. */
  changed: boolean;
  /**
   * A deleted event's pictures, taken off it (it is never shown again): the caller deletes the files no
   * other event shows (`removeUnshownPictures`) once this has committed.
   */
  picturesTakenOff: string[];
}

/**
 * Moves one of the host's events along its life cycle (spec §4): publish, unpublish, archive or
 * delete (kept as a record, with the status `deleted`, and without its pictures). In one
 * transaction: the event (only the host's own: another host's is not found), its sales from its
 * orders, the rule, then ONE conditional update from the status it was read with. A sale or
 * another change that lands in between makes the update find nothing, and the host is asked to
 * try again rather than the rule being judged on figures that no longer hold. An event leaving
 * sale gives back the places held at checkout, so nobody can buy after it has gone.
 */
export async function changeEventStatus(
  db: Db,
  input: { eventId: string; hostId: string; action: StatusAction; now: Date },
): Promise<StatusChange> {
  return db.transaction(async (tx) => {
    const e = await ownEvent(tx, input);
    const verdict = mayDo(input.action, e.lifeCycle, e.sales);
    if (!verdict.ok) throw new AppError("conflict", verdict.message, { reason: input.action });
    const status = statusAfter(input.action, e.status);
    if (status === e.status) return { eventId: e.id, status, changed: false, picturesTakenOff: [] };
    const deleting = status === "deleted";
    await moveStatus(tx, e, {
      status,
      updatedAt: input.now,
      ...(input.action === "publish" ? { lastPublishedAt: input.now } : {}),
      ...(deleting ? { images: [] } : {}),
    });
    if (!onSale({ status, isCancelled: e.isCancelled })) await releaseEventHolds(tx, e.id, input.now);
    return { eventId: e.id, status, changed: true, picturesTakenOff: deleting ? e.images : [] };
  });
}

/**
 * The one conditional statement that changes an event's state: only if it still has the status,
 * the cancelled flag and the tickets sold it was judged on (a ticket sold meanwhile moves the
 * event's `sold_total`, kept by a trigger in the sale's own transaction).
 */
export async function moveStatus(
  tx: Db,
  e: OwnEvent,
  set: Partial<Pick<typeof event.$inferInsert, "status" | "isCancelled" | "lastPublishedAt" | "updatedAt" | "images">>,
): Promise<void> {
  const moved = await tx
    .update(event)
    .set(set)
    .where(
      and(
        eq(event.id, e.id),
        eq(event.hostId, e.hostId),
        eq(event.status, e.status),
        eq(event.isCancelled, e.isCancelled),
        eq(event.soldTotal, e.soldTotal),
      ),
    )
    .returning({ id: event.id });
  if (moved.length === 0) throw new AppError("conflict", lifeCycleMessages.changedMeanwhile, { reason: "changed" });
}

/** Places held at checkout for an event taken off sale go back, and waitlist offers among them end. */
export async function releaseEventHolds(tx: Db, eventId: string, now: Date): Promise<number> {
  const active = await tx
    .select({ id: hold.id })
    .from(hold)
    .where(and(eq(hold.eventId, eventId), eq(hold.status, "active")));
  if (active.length === 0) return 0;
  const { released } = await releaseHoldsAndOffer(tx, { now, holdIds: active.map((h) => h.id), as: "released" });
  return released.length;
}
