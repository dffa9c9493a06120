import { and, asc, desc, eq, inArray, ne, notExists, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { discount, discountEvent, event } from "~/db/schema";
import { discountProblems, type DiscountDraft } from "~/domain/discount-rules";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/uuid";
import { studioTicketMessages } from "~/texts/studio-ticket-messages";
import { endOfEvent } from "./discover-events";
import { isUniqueViolation } from "./update-profile";

/*
 * A host's discount codes (spec §3), for Partner Studio. Every statement names the host: another
 * host's discount is `not_found` and nothing changes. A code is unique per host by the database's
 * own constraint (`discount_host_code_unique`), which answers a taken code: there is no look first.
 * The events a code is limited to are `discount_event` rows; none means every event of the host.
 */

const words = studioTicketMessages.discounts;

export const DISCOUNTS_PAGE_SIZE = 20;

const columns = {
  id: discount.id,
  name: discount.name,
  code: discount.code,
  kind: discount.kind,
  value: discount.value,
  isActive: discount.isActive,
  isPrivate: discount.isPrivate,
  startsAt: discount.startsAt,
  endsAt: discount.endsAt,
  maxUses: discount.maxUses,
  uses: discount.uses,
};

/** The events each discount is limited to, by discount (none listed: every event). */
async function eventsOf(db: Db, discountIds: string[]) {
  if (discountIds.length === 0) return new Map<string, { id: string; name: string }[]>();
  const rows = await db
    .select({ discountId: discountEvent.discountId, id: event.id, name: event.name })
    .from(discountEvent)
    .innerJoin(event, eq(event.id, discountEvent.eventId))
    .where(inArray(discountEvent.discountId, discountIds))
    .orderBy(asc(event.startsAt), asc(event.id));
  const by = new Map<string, { id: string; name: string }[]>();
  for (const r of rows) by.set(r.discountId, [...(by.get(r.discountId) ?? []), { id: r.id, name: r.name }]);
  return by;
}

/** The host's discounts, newest first, a page at a time, each with the events it is limited to. */
export async function listHostDiscounts(db: Db, input: { hostId: string; page?: number }) {
  const [{ total }] = (await db
    .select({ total: sql<number>`count(*)::int` })
    .from(discount)
    .where(eq(discount.hostId, input.hostId))) as [{ total: number }];
  const pages = Math.max(1, Math.ceil(Number(total) / DISCOUNTS_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.trunc(input.page ?? 1) || 1), pages);
  const rows = await db
    .select(columns)
    .from(discount)
    .where(eq(discount.hostId, input.hostId))
    .orderBy(desc(discount.createdAt), desc(discount.id))
    .limit(DISCOUNTS_PAGE_SIZE)
    .offset((page - 1) * DISCOUNTS_PAGE_SIZE);
  const events = await eventsOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    discounts: rows.map((r) => ({ ...r, events: events.get(r.id) ?? [] })),
    page,
    pages,
    total: Number(total),
  };
}

export type HostDiscountRow = Awaited<ReturnType<typeof listHostDiscounts>>["discounts"][number];

/** One of the host's discounts, for its edit form. */
export async function hostDiscount(db: Db, input: { hostId: string; discountId: string }) {
  if (!isUuid(input.discountId)) throw new AppError("not_found", words.notFound);
  const [row] = await db
    .select(columns)
    .from(discount)
    .where(and(eq(discount.id, input.discountId), eq(discount.hostId, input.hostId)));
  if (!row) throw new AppError("not_found", words.notFound);
  const events = await eventsOf(db, [row.id]);
  return { ...row, events: events.get(row.id) ?? [] };
}

/**
 * The discounts a buyer could use on one of the host's events: those limited to it and those for
 * every event. The event must be the host's own.
 */
export async function eventDiscounts(db: Db, input: { hostId: string; eventId: string }) {
  if (!isUuid(input.eventId)) throw new AppError("not_found", "No such event.");
  const [own] = await db
    .select({ id: event.id })
    .from(event)
    .where(and(eq(event.id, input.eventId), eq(event.hostId, input.hostId), ne(event.status, "deleted")));
  if (!own) throw new AppError("not_found", "No such event.");
  const forAll = notExists(
    db
      .select({ one: sql`1` })
      .from(discountEvent)
      .where(eq(discountEvent.discountId, discount.id)),
  );
  const forThis = sql`exists (select 1 from ${discountEvent} where ${discountEvent.discountId} = ${discount.id}
    and ${discountEvent.eventId} = ${input.eventId})`;
  const rows = await db
    .select({ ...columns, forAll: sql<boolean>`${forAll}` })
    .from(discount)
    .where(and(eq(discount.hostId, input.hostId), or(forAll, forThis)))
    .orderBy(desc(discount.createdAt), desc(discount.id))
    .limit(100);
  return rows;
}

/**
 * The host's events a discount may be limited to: those not deleted or archived that have not
 * ended, soonest first, and any already chosen (`include`) whatever their state.
 */
export async function discountEventChoices(db: Db, input: { hostId: string; now: Date; include?: string[] }) {
  const include = (input.include ?? []).filter(isUuid);
  return db
    .select({ id: event.id, name: event.name, startsAt: event.startsAt, status: event.status })
    .from(event)
    .where(
      and(
        eq(event.hostId, input.hostId),
        ne(event.status, "deleted"),
        or(
          and(ne(event.status, "archived"), sql`${endOfEvent(event.startsAt, event.endsAt)} > ${input.now}`),
          include.length > 0 ? inArray(event.id, include) : undefined,
        ),
      ),
    )
    .orderBy(asc(event.startsAt), asc(event.id))
    .limit(300);
}

function checked(draft: DiscountDraft) {
  const problems = discountProblems(draft);
  if (Object.keys(problems).length > 0)
    throw new AppError("validation_failed", Object.values(problems)[0], { fields: problems });
}

/** The discount's events, replaced: each must be the host's own and not deleted. */
async function limitToEvents(tx: Db, hostId: string, discountId: string, eventIds: string[] | null) {
  await tx.delete(discountEvent).where(eq(discountEvent.discountId, discountId));
  if (eventIds === null) return;
  const ids = eventIds.filter(isUuid);
  const own = ids.length
    ? await tx
        .select({ id: event.id })
        .from(event)
        .where(and(inArray(event.id, ids), eq(event.hostId, hostId), ne(event.status, "deleted")))
    : [];
  if (own.length === 0 || own.length !== eventIds.length)
    throw new AppError("validation_failed", words.eventUnknown, { field: "eventIds" });
  await tx.insert(discountEvent).values(own.map((e) => ({ discountId, eventId: e.id })));
}

const valuesOf = (d: DiscountDraft) => ({
  name: d.name.trim(),
  code: d.code,
  kind: d.kind,
  value: d.value,
  isActive: d.isActive,
  isPrivate: d.isPrivate,
  startsAt: d.startsAt,
  endsAt: d.endsAt,
  maxUses: d.maxUses,
});

/** A code already taken by another of the host's discounts: the unique constraint's refusal, in words. */
function codeTaken(error: unknown): never {
  if (isUniqueViolation(error, "code")) throw new AppError("validation_failed", words.codeTaken, { field: "code" });
  throw error;
}

/** Creates a discount for the host, limited to some of their events or for all of them. Returns its id. */
export async function createDiscount(db: Db, input: { hostId: string; draft: DiscountDraft }): Promise<{ id: string }> {
  checked(input.draft);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(discount)
        .values({ ...valuesOf(input.draft), hostId: input.hostId })
        .returning({ id: discount.id });
      await limitToEvents(tx, input.hostId, row!.id, input.draft.eventIds);
      return { id: row!.id };
    });
  } catch (error) {
    return codeTaken(error);
  }
}

/**
 * Changes one of the host's discounts. The use limit is written only while it is at least the uses
 * already made (one conditional statement: a use completed meanwhile is counted).
 */
export async function updateDiscount(
  db: Db,
  input: { hostId: string; discountId: string; draft: DiscountDraft },
): Promise<void> {
  if (!isUuid(input.discountId)) throw new AppError("not_found", words.notFound);
  checked(input.draft);
  try {
    await db.transaction(async (tx) => {
      const changed = await tx
        .update(discount)
        .set(valuesOf(input.draft))
        .where(
          and(
            eq(discount.id, input.discountId),
            eq(discount.hostId, input.hostId),
            input.draft.maxUses === null ? undefined : sql`${discount.uses} <= ${input.draft.maxUses}`,
          ),
        )
        .returning({ id: discount.id });
      if (changed.length === 0) {
        const [found] = await tx
          .select({ uses: discount.uses })
          .from(discount)
          .where(and(eq(discount.id, input.discountId), eq(discount.hostId, input.hostId)));
        if (!found) throw new AppError("not_found", words.notFound);
        throw new AppError("validation_failed", words.maxUsesBelowUsed(found.uses), { field: "maxUses" });
      }
      await limitToEvents(tx, input.hostId, input.discountId, input.draft.eventIds);
    });
  } catch (error) {
    codeTaken(error);
  }
}
