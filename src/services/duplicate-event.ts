import { randomBytes } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { event, ticketType } from "~/db/schema";
import { copyName, mayDo } from "~/domain/event-life-cycle";
import { AppError } from "~/lib/app-error";
import { ownEvent } from "./event-sales";
import { claimNewEvents } from "./event-quota";

/** A slug's readable part, from a name: lower case letters and digits joined by hyphens (spec §5). */
function slugBase(name: string): string {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return base || "event";
}

const isUniqueViolation = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";

/**
 * A copy of one of the host's events to run again: a draft, never published, with the original's
 * details and ticket types (nothing sold or held), under a new name and slug of its own. Cancelled
 * and archived events may be copied too; that is how they run again.
 */
export async function duplicateEvent(
  db: Db,
  input: { eventId: string; hostId: string; now: Date },
): Promise<{ eventId: string; slug: string; name: string }> {
  return db.transaction(async (tx) => {
    const e = await ownEvent(tx, input);
    const verdict = mayDo("duplicate", e.lifeCycle, e.sales);
    if (!verdict.ok) throw new AppError("conflict", verdict.message, { reason: "duplicate" });
    await claimNewEvents(tx, { hostId: input.hostId, count: 1, now: input.now });
    const name = copyName(e.name);
    const copy = {
      name,
      summary: e.summary,
      description: e.description,
      category: e.category,
      eventType: e.eventType,
      currency: e.currency,
      images: e.images,
      tags: e.tags,
      hostId: e.hostId,
      venueId: e.venueId,
      startsAt: e.startsAt,
      endsAt: e.endsAt,
      isPrivate: e.isPrivate,
      isOnline: e.isOnline,
      onlineUrl: e.onlineUrl,
      rsvp: e.rsvp,
      subcategories: e.subcategories,
      // Its own selling terms, as the original had them (decision 0030); never part of its series.
      feeMode: e.feeMode,
      questions: e.questions,
      waitlistOfferHours: e.waitlistOfferHours,
      maxTicketsPerPerson: e.maxTicketsPerPerson,
      companionTickets: e.companionTickets,
      status: "draft" as const,
      createdAt: input.now,
      updatedAt: input.now,
    };
    // The random part makes a clash all but impossible; the unique index makes one harmless (try again).
    let created: { id: string; slug: string } | undefined;
    for (let attempt = 0; !created; attempt++) {
      const slug = `${slugBase(name)}-${randomBytes(4).toString("hex")}`;
      try {
        created = await tx.transaction(async (savepoint) => {
          const [row] = await savepoint
            .insert(event)
            .values({ ...copy, slug })
            .returning({ id: event.id, slug: event.slug });
          return row!;
        });
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 2) throw error;
      }
    }
    const types = await tx
      .select()
      .from(ticketType)
      .where(eq(ticketType.eventId, e.id))
      .orderBy(asc(ticketType.sortOrder), asc(ticketType.createdAt));
    if (types.length > 0) {
      await tx.insert(ticketType).values(
        types.map((t) => ({
          eventId: created!.id,
          name: t.name,
          description: t.description,
          kind: t.kind,
          pricePence: t.pricePence,
          payWhatYouWish: t.payWhatYouWish,
          capacity: t.capacity,
          maxPerOrder: t.maxPerOrder,
          salesStartAt: t.salesStartAt,
          salesEndAt: t.salesEndAt,
          sortOrder: t.sortOrder,
          seatSectionId: t.seatSectionId,
          createdAt: input.now,
        })),
      );
    }
    return { eventId: created.id, slug: created.slug, name };
  });
}
