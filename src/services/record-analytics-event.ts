import type { Db } from "~/db/client.server";
import { analyticsEvent } from "~/db/schema";

export type AnalyticsInput =
  { kind: "page_view"; path: string } | { kind: "web_vital"; path: string; name: string; value: number };

export async function recordAnalyticsEvent(db: Db, input: AnalyticsInput): Promise<void> {
  await db.insert(analyticsEvent).values({
    kind: input.kind,
    path: input.path.split("?")[0] ?? "/",
    name: input.kind === "web_vital" ? input.name : null,
    value: input.kind === "web_vital" ? input.value : null,
  });
}
