import { Hono } from "hono";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { SEARCH_SUGGESTIONS_DESKTOP } from "~/domain/discovery";
import { cardPriceLabel } from "~/domain/ticket-availability";
import { field, parseQuery } from "~/lib/read-form";
import { searchEvents } from "~/services/search-events";
import { errorResponse } from "../errors";

const MAX_LIMIT = 50;

const params = z.object({
  q: z.string().max(500, "q is too long: at most 500 characters").default(""),
  limit: field.number(
    z
      .number({ error: "limit must be a whole number" })
      .int("limit must be a whole number")
      .min(1, "limit must be at least 1")
      .max(MAX_LIMIT, `limit must be at most ${MAX_LIMIT}`)
      .default(SEARCH_SUGGESTIONS_DESKTOP),
  ),
});

/**
 * `GET /api/search?q=&limit=`: public events for the search box and anyone else, as
 * `{ results: [{ id, slug, name, date, endDate, url, venue, city, image, price, category, eventType }] }`.
 * Prices are the cards' headline prices (all-in, on the host's fee mode, in the event's currency).
 * Blank text returns no results (spec §5: empty search hides results).
 */
export function searchRoutes(database: Database) {
  return new Hono().get("/", async (c) => {
    const parsed = parseQuery(c.req.url, params);
    if (!parsed.ok) return errorResponse(c, parsed.error);
    const now = new Date();
    const { results } = await searchEvents(database.db, {
      q: parsed.data.q,
      now,
      limit: parsed.data.limit,
      withTotal: false,
    });
    c.header("Cache-Control", "public, max-age=30");
    return c.json({
      results: results.map((e) => ({
        id: e.id,
        slug: e.slug,
        name: e.name,
        date: e.startsAt.toISOString(),
        endDate: e.endsAt?.toISOString() ?? null,
        url: `/events/${e.slug}`,
        venue: e.venue?.name ?? null,
        city: e.venue?.city ?? null,
        online: e.isOnline,
        image: e.coverImage ? `/media/${e.coverImage}` : null,
        price: cardPriceLabel(e.tickets, now, e.priceTerms),
        category: e.category,
        eventType: e.eventType,
      })),
    });
  });
}
