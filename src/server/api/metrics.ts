import { Hono } from "hono";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { AppError } from "~/lib/app-error";
import { readConsent } from "~/lib/consent";
import { readJson } from "~/lib/read-form";
import { recordAnalyticsEvent } from "~/services/record-analytics-event";
import type { Throttle, ThrottleRule } from "~/services/throttle";
import type { AppEnv } from "../app";
import { clientIp } from "../client-ip";
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
 * Measurements one address may record in ten minutes: a page view and up to five web vitals a page,
 * for someone reading 50 pages in that time. Each is a row, so past it they are dropped (429).
 */
export const METRICS_PER_ADDRESS: ThrottleRule = { limit: 300, windowMs: 10 * 60 * 1000 };

/**
 * First-party measurements. The server refuses them unless the visitor's consent cookie allows the
 * kind: statistics for page views, performance for web vitals. Nothing identifies the visitor.
 */
export function metricsRoutes(deps: { database: Database; throttle: Throttle; trustProxy: boolean }) {
  return new Hono<AppEnv>().post("/", async (c) => {
    const parsed = await readJson(c.req.raw, Body);
    if (!parsed.ok) return errorResponse(c, parsed.error);
    const consent = readConsent(c.req.header("Cookie") ?? "");
    const allowed = parsed.data.kind === "page_view" ? consent?.statistics : consent?.performance;
    if (!allowed) return errorResponse(c, new AppError("forbidden", "No consent for this measurement"));
    const counted = await deps.throttle.hit(`metrics:${clientIp(c, deps.trustProxy)}`, METRICS_PER_ADDRESS, new Date());
    if (!counted.allowed)
      return errorResponse(
        c,
        new AppError("rate_limited", "Too many measurements", { retryAfterMs: counted.retryAfterMs }),
      );
    await recordAnalyticsEvent(deps.database.db, parsed.data);
    return c.body(null, 204);
  });
}
