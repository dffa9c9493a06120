import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { event, ticketType } from "~/db/schema";
import {
  REPEAT_DATES_MAX,
  REPEAT_DATES_MIN,
  repeatDates,
  type RepeatEvery,
  EVENT_SLUG_MAX,
} from "~/domain/event-details";
import { AppError } from "~/lib/app-error";
import { londonYmd } from "~/lib/london-time";
import { isUuid } from "~/lib/uuid";
import { claimNewEvents } from "./event-quota";

/**
 * Repeats one of the host's events weekly, fortnightly or monthly, `count` dates in all (its own
 * included): each new date is a real event with its own address, stock and sales (ticket types
 * copied with nothing sold or held, sale windows moved with the date), in the same state as the
 * first (a published season goes on sale at once). All of them share a series, so the editor can
 * change the later dates together. A date the series already has is skipped, so repeating twice
 * does not double a season. One transaction: the whole season, or none of it.
 */
export async function repeatEvent(
  db: Db,
  input: { hostId: string; eventId: string; every: RepeatEvery; count: number; now: Date },
): Promise<{ created: number; seriesId: string }> {
  if (!isUuid(input.eventId)) throw new AppError("not_found", "No such event.");
  if (!Number.isInteger(input.count) || input.count < REPEAT_DATES_MIN || input.count > REPEAT_DATES_MAX)
    throw new AppError(
      "validation_failed",
      `Choose from ${REPEAT_DATES_MIN} to ${REPEAT_DATES_MAX} dates, this one included.`,
      { field: "count" },
    );
  return db.transaction(async (tx) => {
    const [source] = await tx
      .select()
      .from(event)
      .where(and(eq(event.id, input.eventId), eq(event.hostId, input.hostId), ne(event.status, "deleted")))
      .for("update");
    if (!source) throw new AppError("not_found", "No such event.");
    if (source.isCancelled || source.status === "archived")
      throw new AppError("conflict", "A cancelled or archived event can't be repeated: duplicate it instead.");

    const seriesId = source.seriesId ?? source.id;
    if (!source.seriesId) await tx.update(event).set({ seriesId }).where(eq(event.id, source.id));
    const taken = await tx
      .select({ startsAt: event.startsAt })
      .from(event)
      .where(and(eq(event.seriesId, seriesId), ne(event.status, "deleted")));
    const takenAt = new Set(taken.map((t) => t.startsAt.getTime()));

    const types = await tx
      .select()
      .from(ticketType)
      .where(eq(ticketType.eventId, source.id))
      .orderBy(asc(ticketType.sortOrder));
    const dates = repeatDates(source, input.every, input.count)
      .slice(1)
      .filter((d) => !takenAt.has(d.startsAt.getTime()));
    if (dates.length === 0) return { created: 0, seriesId };
    await claimNewEvents(tx, { hostId: input.hostId, count: dates.length, now: input.now });

    const base = source.slug.replace(/-\d{4}-\d{2}-\d{2}$/, "").slice(0, EVENT_SLUG_MAX - 11);
    const published = source.status === "published";
    const rows = await tx
      .insert(event)
      .values(
        dates.map((d) => {
          return {
            ...withoutDerived(source),
            slug: `${base}-${londonYmd(d.startsAt)}`,
            startsAt: d.startsAt,
            endsAt: d.endsAt,
            seriesId,
            lastPublishedAt: published ? input.now : null,
            createdAt: input.now,
            updatedAt: input.now,
          };
        }),
      )
      .onConflictDoNothing({ target: event.slug })
      .returning({ id: event.id, startsAt: event.startsAt });
    // An address already used elsewhere (an older season) gets a short suffix of its own.
    const made = new Set(rows.map((r) => r.startsAt.getTime()));
    const clashed = dates.filter((d) => !made.has(d.startsAt.getTime()));
    if (clashed.length > 0) {
      const more = await tx
        .insert(event)
        .values(
          clashed.map((d) => ({
            ...withoutDerived(source),
            slug: `${base}-${londonYmd(d.startsAt)}-${randomUUID().slice(0, 4)}`,
            startsAt: d.startsAt,
            endsAt: d.endsAt,
            seriesId,
            lastPublishedAt: published ? input.now : null,
            createdAt: input.now,
            updatedAt: input.now,
          })),
        )
        .returning({ id: event.id, startsAt: event.startsAt });
      rows.push(...more);
    }

    if (types.length > 0) {
      const shift = (at: Date | null, to: Date) =>
        at ? new Date(at.getTime() + (to.getTime() - source.startsAt.getTime())) : null;
      await tx.insert(ticketType).values(
        rows.flatMap((r) =>
          types.map(({ id: _id, eventId: _e, createdAt: _c, sold: _s, held: _h, ...t }) => ({
            ...t,
            eventId: r.id,
            salesStartAt: shift(t.salesStartAt, r.startsAt),
            salesEndAt: shift(t.salesEndAt, r.startsAt),
          })),
        ),
      );
    }
    return { created: rows.length, seriesId };
  });
}

function withoutDerived(source: typeof event.$inferSelect) {
  const {
    id: _id,
    slug: _slug,
    createdAt: _c,
    updatedAt: _u,
    searchText: _t,
    searchVector: _v,
    capacityTotal: _ct,
    soldTotal: _st,
    revenuePence: _r,
    ...copied
  } = source;
  return copied;
}

/** The dates of a series, for the editor: each with its state, soonest first. */
export async function seriesDates(db: Db, input: { hostId: string; seriesId: string }) {
  return db
    .select({ id: event.id, startsAt: event.startsAt, status: event.status, isCancelled: event.isCancelled })
    .from(event)
    .where(
      and(
        eq(event.seriesId, input.seriesId),
        eq(event.hostId, input.hostId),
        inArray(event.status, ["draft", "published", "unpublished", "archived"]),
      ),
    )
    .orderBy(asc(event.startsAt));
}
