import { Hono } from "hono";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { readConsent } from "~/lib/consent";
import { recordAnalyticsEvent } from "~/services/record-analytics-event";

const Body = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("page_view"), path: z.string().startsWith("/").max(500) }),
  z.object({
    kind: z.literal("web_vital"),
    path: z.string().startsWith("/").max(500),
    name: z.enum(["CLS", "FCP", "INP", "LCP", "TTFB"]),
    value: z.number().finite().min(0).max(600_000),
  }),
]);

/**
 * First-party measurements. The server refuses them unless the visitor's consent cookie allows the
 * kind: statistics for page views, performance for web vitals. Nothing identifies the visitor.
 */
export function metricsRoutes(database: Database) {
  return new Hono().post("/", async (c) => {
    const parsed = Body.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ error: { code: "validation_failed", message: parsed.error.issues[0]?.message } }, 422);
    const consent = readConsent(c.req.header("Cookie") ?? "");
    const allowed = parsed.data.kind === "page_view" ? consent?.statistics : consent?.performance;
    if (!allowed) return c.json({ error: { code: "forbidden", message: "No consent for this measurement" } }, 403);
    await recordAnalyticsEvent(database.db, parsed.data);
    return c.body(null, 204);
  });
}
