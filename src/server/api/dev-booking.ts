import { and, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import type { Database } from "~/db/client.server";
import { hold } from "~/db/schema";

/**
 * Dev and test drills for bookings (mounted with dev routes only, like the other /dev drills):
 * `POST /dev/holds/:id/expire` makes a hold's ten minutes run out now, so the timer's end can be
 * tried without waiting.
 */
export function devBookingRoutes(database: Database) {
  return new Hono().post("/holds/:holdId/expire", async (c) => {
    const id = c.req.param("holdId");
    if (!/^[0-9a-f-]{36}$/i.test(id)) return c.json({ expired: false }, 404);
    const rows = await database.db
      .update(hold)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(hold.id, id), eq(hold.status, "active")))
      .returning({ id: hold.id });
    return c.json({ expired: rows.length === 1 }, rows.length === 1 ? 200 : 404);
  });
}
