import { and, eq, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { event, hold, holdLine, orderLine, payment, seatClaim, ticketType, venueSeatSection } from "~/db/schema";
import {
  capacityAllowed,
  mayEdit,
  ticketTypeCountAfter,
  ticketTypeProblems,
  type TicketTypeDraft,
} from "~/domain/event-life-cycle";
import { AppError } from "~/lib/app-error";
import { movedOnePlace } from "~/lib/reorder";
import { isUuid } from "~/lib/uuid";
import { studioTicketMessages } from "~/texts/studio-ticket-messages";
import { ticketTypeOrder } from "./studio-ticket-types";
import { offerFreedPlaces } from "./waitlist-offers";

/*
 * The editor's changes to an event's ticket types (spec §3, §5). Every statement names the host:
 * another host's event or ticket type is `not_found` and nothing changes. Adding, removing and
 * reordering lock the event's row (no key update, so buyers' holds, which only reference it, never
 * wait on it), so two hosts' tabs cannot take an event past 1 to 10 ticket types between them.
 * Capacity moves by one conditional statement: never below what is sold and held.
 */

const words = studioTicketMessages.tickets;

/** One of the host's own events, locked for a change to its ticket types; refused when it can't be changed. */
async function lockOwnEvent(tx: Db, hostId: string, eventId: string) {
  if (!isUuid(eventId)) throw new AppError("not_found", "No such event.");
  const [e] = await tx
    .select({ id: event.id, venueId: event.venueId, status: event.status, isCancelled: event.isCancelled })
    .from(event)
    .where(and(eq(event.id, eventId), eq(event.hostId, hostId), ne(event.status, "deleted")))
    .for("no key update");
  if (!e) throw new AppError("not_found", "No such event.");
  const verdict = mayEdit(e);
  if (!verdict.ok) throw new AppError("conflict", verdict.message);
  return e;
}

function checkDraft(draft: TicketTypeDraft) {
  const problems = ticketTypeProblems(draft);
  if (Object.keys(problems).length > 0)
    throw new AppError("validation_failed", Object.values(problems)[0], { fields: problems });
}

/** A seat section named for a ticket type must be one of the event's venue's own. */
async function checkSection(tx: Db, venueId: string | null, seatSectionId: string | null) {
  if (seatSectionId === null) return;
  const [found] =
    venueId && isUuid(seatSectionId)
      ? await tx
          .select({ id: venueSeatSection.id })
          .from(venueSeatSection)
          .where(and(eq(venueSeatSection.id, seatSectionId), eq(venueSeatSection.venueId, venueId)))
      : [];
  if (!found) throw new AppError("validation_failed", words.sectionUnknown, { field: "seatSectionId" });
}

/**
 * Names are the event's own (buyers choose by them, and a form sent twice adds nothing twice):
 * refused when another of its ticket types has it, in any case. Judged under the event's lock.
 */
async function checkNameFree(tx: Db, eventId: string, name: string, except?: string) {
  const [taken] = await tx
    .select({ id: ticketType.id })
    .from(ticketType)
    .where(
      and(
        eq(ticketType.eventId, eventId),
        sql`lower(${ticketType.name}) = lower(${name.trim()})`,
        except ? ne(ticketType.id, except) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw new AppError("validation_failed", words.nameTaken, { field: "name" });
}

const columnsOf = (d: TicketTypeDraft) => ({
  name: d.name.trim(),
  description: d.description?.trim() || null,
  kind: d.kind,
  pricePence: d.pricePence,
  payWhatYouWish: d.payWhatYouWish,
  capacity: d.capacity,
  maxPerOrder: d.maxPerOrder,
  salesStartAt: d.salesStartAt,
  salesEndAt: d.salesEndAt,
});

/**
 * Adds a ticket type at the end of the event's list; refused at 10 (spec §5). Its places go to the
 * event's waitlist first, in the same transaction. Returns its id.
 */
export async function addTicketType(
  db: Db,
  input: { hostId: string; eventId: string; draft: TicketTypeDraft; seatSectionId: string | null; now: Date },
): Promise<{ id: string; offered: string[] }> {
  checkDraft(input.draft);
  return db.transaction(async (tx) => {
    const e = await lockOwnEvent(tx, input.hostId, input.eventId);
    const [{ count, last }] = (await tx
      .select({ count: sql<number>`count(*)::int`, last: sql<number>`coalesce(max(${ticketType.sortOrder}), -1)::int` })
      .from(ticketType)
      .where(eq(ticketType.eventId, e.id))) as [{ count: number; last: number }];
    const verdict = ticketTypeCountAfter(Number(count), "add");
    if (!verdict.ok) throw new AppError("conflict", verdict.message);
    await checkNameFree(tx, e.id, input.draft.name);
    await checkSection(tx, e.venueId, input.seatSectionId);
    const [row] = await tx
      .insert(ticketType)
      .values({
        ...columnsOf(input.draft),
        eventId: e.id,
        seatSectionId: input.seatSectionId,
        sortOrder: Number(last) + 1,
      })
      .returning({ id: ticketType.id });
    return { id: row!.id, offered: await offerFreedPlaces(tx, e.id, input.now) };
  });
}

/** The host's own ticket type (of one of the host's events, not deleted), as a statement's condition. */
const ownTicketType = (hostId: string, ticketTypeId: string, eventId?: string): SQL =>
  and(
    eq(ticketType.id, ticketTypeId),
    eventId ? eq(ticketType.eventId, eventId) : undefined,
    sql`${ticketType.eventId} in (select ${event.id} from ${event} where ${event.hostId} = ${hostId} and ${
      event.status
    } <> 'deleted')`,
  )!;

/**
 * The refusal of a conditional change that changed nothing: no such ticket type of the host's,
 * or what it has sold and held.
 */
async function refusalFor(tx: Db, hostId: string, ticketTypeId: string, capacity: number): Promise<AppError> {
  const [now] = await tx
    .select({ sold: ticketType.sold, held: ticketType.held })
    .from(ticketType)
    .where(ownTicketType(hostId, ticketTypeId));
  if (!now) return new AppError("not_found", words.notFound);
  const verdict = capacityAllowed(capacity, now.sold, now.held);
  if (!verdict.ok) return new AppError("validation_failed", verdict.message, { field: "capacity" });
  return new AppError("validation_failed", words.sectionLocked, { field: "seatSectionId" });
}

/**
 * Changes a ticket type of one of the host's events. One conditional statement writes it, capacity
 * included, only while what is sold and held fits in the new capacity, and the seat section only
 * while nothing is sold or held (a seat is always bought at its section's price). Places added go
 * to the waitlist first, in the same transaction. Returns the offers made.
 */
export async function updateTicketType(
  db: Db,
  input: {
    hostId: string;
    eventId: string;
    ticketTypeId: string;
    draft: TicketTypeDraft;
    seatSectionId: string | null;
    now: Date;
  },
): Promise<{ offered: string[] }> {
  if (!isUuid(input.ticketTypeId)) throw new AppError("not_found", words.notFound);
  checkDraft(input.draft);
  return db.transaction(async (tx) => {
    const e = await lockOwnEvent(tx, input.hostId, input.eventId);
    await checkNameFree(tx, e.id, input.draft.name, input.ticketTypeId);
    await checkSection(tx, e.venueId, input.seatSectionId);
    const changed = await tx
      .update(ticketType)
      .set({ ...columnsOf(input.draft), seatSectionId: input.seatSectionId })
      .where(
        and(
          ownTicketType(input.hostId, input.ticketTypeId, e.id),
          sql`${ticketType.sold} + ${ticketType.held} <= ${input.draft.capacity}`,
          sql`(${ticketType.seatSectionId} is not distinct from ${input.seatSectionId}::uuid or ${ticketType.sold} + ${
            ticketType.held
          } = 0)`,
        ),
      )
      .returning({ id: ticketType.id });
    if (changed.length === 0) throw await refusalFor(tx, input.hostId, input.ticketTypeId, input.draft.capacity);
    return { offered: await offerFreedPlaces(tx, e.id, input.now) };
  });
}

/**
 * A ticket type's capacity alone (the Tickets page's quick edit), by the same conditional statement:
 * never below what is sold or held. Places added go to the waitlist first. Returns the offers made.
 */
export async function setTicketCapacity(
  db: Db,
  input: { ticketTypeId: string; hostId: string; capacity: number; now: Date },
): Promise<{ offered: string[] }> {
  if (!isUuid(input.ticketTypeId)) throw new AppError("not_found", words.notFound);
  if (!Number.isInteger(input.capacity) || input.capacity < 0 || input.capacity > 100_000)
    throw new AppError("validation_failed", words.capacityRange, { field: "capacity" });
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(ticketType)
      .set({ capacity: input.capacity })
      .where(
        and(
          ownTicketType(input.hostId, input.ticketTypeId),
          sql`${ticketType.sold} + ${ticketType.held} <= ${input.capacity}`,
        ),
      )
      .returning({ eventId: ticketType.eventId });
    if (changed.length === 0) throw await refusalFor(tx, input.hostId, input.ticketTypeId, input.capacity);
    return { offered: await offerFreedPlaces(tx, changed[0]!.eventId, input.now) };
  });
}

/**
 * Removes a ticket type, never the event's last one (spec §5). One that has been sold (an order
 * line, standing or refunded, keeps its record) is refused, and so is one a buyer holds or is
 * paying for right now. Lines of holds long over are let go with it.
 */
export async function removeTicketType(
  db: Db,
  input: { hostId: string; eventId: string; ticketTypeId: string },
): Promise<void> {
  if (!isUuid(input.ticketTypeId)) throw new AppError("not_found", words.notFound);
  await db.transaction(async (tx) => {
    const e = await lockOwnEvent(tx, input.hostId, input.eventId);
    // Locked: no claim can hold it, nor an order sell it, until this transaction ends.
    const [t] = await tx
      .select({ id: ticketType.id, sold: ticketType.sold, held: ticketType.held })
      .from(ticketType)
      .where(and(eq(ticketType.id, input.ticketTypeId), eq(ticketType.eventId, e.id)))
      .for("update");
    if (!t) throw new AppError("not_found", words.notFound);
    const [{ count }] = (await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(ticketType)
      .where(eq(ticketType.eventId, e.id))) as [{ count: number }];
    const verdict = ticketTypeCountAfter(Number(count), "remove");
    if (!verdict.ok) throw new AppError("conflict", verdict.message);
    const [sold] = await tx
      .select({ one: sql`1` })
      .from(orderLine)
      .where(eq(orderLine.ticketTypeId, t.id))
      .limit(1);
    if (t.sold > 0 || sold) throw new AppError("conflict", words.hasSales, { reason: "has_sales" });
    const [inPlay] = await tx
      .select({ one: sql`1` })
      .from(holdLine)
      .innerJoin(hold, eq(hold.id, holdLine.holdId))
      .where(
        and(
          eq(holdLine.ticketTypeId, t.id),
          sql`(${hold.status} = 'active' or exists (select 1 from ${payment} where ${payment.holdId} = ${hold.id}
            and ${payment.status} in ('pending', 'closing', 'refunding')))`,
        ),
      )
      .limit(1);
    if (t.held > 0 || inPlay) throw new AppError("conflict", words.atCheckout, { reason: "at_checkout" });
    await tx.delete(seatClaim).where(and(eq(seatClaim.ticketTypeId, t.id), isNull(seatClaim.ticketId)));
    await tx.delete(holdLine).where(eq(holdLine.ticketTypeId, t.id));
    await tx.delete(ticketType).where(eq(ticketType.id, t.id));
  });
}

/** Moves a ticket type one place up or down the event's list (the order buyers see them in). */
export async function moveTicketType(
  db: Db,
  input: { hostId: string; eventId: string; ticketTypeId: string; by: -1 | 1 },
): Promise<void> {
  if (!isUuid(input.ticketTypeId)) throw new AppError("not_found", words.notFound);
  await db.transaction(async (tx) => {
    const e = await lockOwnEvent(tx, input.hostId, input.eventId);
    const types = await tx
      .select({ id: ticketType.id, sortOrder: ticketType.sortOrder })
      .from(ticketType)
      .where(eq(ticketType.eventId, e.id))
      .orderBy(...ticketTypeOrder);
    const index = types.findIndex((t) => t.id === input.ticketTypeId);
    if (index < 0) throw new AppError("not_found", words.notFound);
    const moved = movedOnePlace(types, index, input.by);
    for (const [position, t] of moved.entries())
      if (t.sortOrder !== position)
        await tx.update(ticketType).set({ sortOrder: position }).where(eq(ticketType.id, t.id));
  });
}
