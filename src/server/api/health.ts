import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { Database, Engine } from "~/db/client.server";

export function healthRoutes(opts: { engine: Engine; version: string; database: Database }) {
  return new Hono().get("/", async (c) => {
    try {
      await opts.database.db.execute(sql`select 1`);
    } catch {
      return c.json({ status: "degraded", db: opts.engine, version: opts.version }, 503);
    }
    c.header("Cache-Control", "no-store");
    return c.json({ status: "ok", db: opts.engine, version: opts.version });
  });
}
