import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { event, ticketType, waitlistEntry } from "~/db/schema";
import { joinProblem, joinProblemText, MISSING_WAITLIST_DATA } from "~/domain/waitlist";
import { AppError } from "~/lib/app-error";
import { releaseHoldsAndOffer, syncWaitlistFlags } from "./waitlist-offers";
import { waitlistPlace } from "./waitlist-places";

/** Spec §5, verbatim. */

/**
 * Joins an event's waitlist (spec §4: adds them to the event's waitList and sets waitlistRequest).
 * Needs the event and a signed-in person ('Missing event or user data!'); only when there is
 * nothing left to buy. Joining twice keeps the first place in line.
 */
export async function joinWaitlist(
  db: Db,
  input: { eventId: string | null; userId: string | null; quantity: number; now: Date },
): Promise<{ entryId: string; position: number }> {
  if (!input.eventId || !input.userId) throw new AppError("validation_failed", MISSING_WAITLIST_DATA);
  const [e] = await db
    .select()
    .from(event)
    .where(and(eq(event.id, input.eventId), eq(event.status, "published")));
  if (!e) throw new AppError("validation_failed", MISSING_WAITLIST_DATA);
  const types = await db.select().from(ticketType).where(eq(ticketType.eventId, e.id));
  const problem = joinProblem(e, types, input.quantity, input.now);
  if (problem)
    throw new AppError(problem === "quantity" ? "validation_failed" : "conflict", joinProblemText[problem], {
      reason: problem,
      field: "quantity",
    });

  await db
    .insert(waitlistEntry)
    .values({
      eventId: e.id,
      userId: input.userId,
      quantity: input.quantity,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .onConflictDoNothing();
  await syncWaitlistFlags(db, [input.userId]);
  const place = await waitlistPlace(db, { eventId: e.id, userId: input.userId });
  return { entryId: place!.entryId, position: place!.position };
}

/**
 * Leaves an event's waitlist (spec §4: takes them out and clears waitlistRequest, which stays set
 * while they wait for another event). Places held for them go back, to the next in line.
 */
export async function leaveWaitlist(
  db: Db,
  input: { eventId: string; userId: string; now: Date },
): Promise<{ left: boolean }> {
  return db.transaction(async (tx) => {
    const left = await tx
      .update(waitlistEntry)
      .set({ status: "left", updatedAt: input.now })
      .where(
        and(
          eq(waitlistEntry.eventId, input.eventId),
          eq(waitlistEntry.userId, input.userId),
          inArray(waitlistEntry.status, ["waiting", "offered"]),
        ),
      )
      .returning({ holdId: waitlistEntry.holdId });
    const holds = left.flatMap((l) => (l.holdId ? [l.holdId] : []));
    if (holds.length > 0) await releaseHoldsAndOffer(tx, { now: input.now, holdIds: holds, as: "released" });
    await syncWaitlistFlags(tx, [input.userId]);
    return { left: left.length > 0 };
  });
}
