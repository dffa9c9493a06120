import { Hono } from "hono";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { AppError } from "~/lib/app-error";
import { readConsent } from "~/lib/consent";
import { readJson } from "~/lib/read-form";
import { recordAnalyticsEvent } from "~/services/record-analytics-event";
import { errorResponse } from "../errors";

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
    const parsed = await readJson(c.req.raw, Body);
    if (!parsed.ok) return errorResponse(c, parsed.error);
    const consent = readConsent(c.req.header("Cookie") ?? "");
    const allowed = parsed.data.kind === "page_view" ? consent?.statistics : consent?.performance;
    if (!allowed) return errorResponse(c, new AppError("forbidden", "No consent for this measurement"));
    await recordAnalyticsEvent(database.db, parsed.data);
    return c.body(null, 204);
  });
}
