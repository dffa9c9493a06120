import { and, asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { event } from "~/db/schema";

/**
 * Every public event page, for /sitemap.xml: the listing rule (published, not private, not
 * cancelled) at any date, since past public events keep their pages.
 */
export async function listSitemapEvents(db: Db): Promise<{ slug: string; updatedAt: Date }[]> {
  return db
    .select({ slug: event.slug, updatedAt: event.updatedAt })
    .from(event)
    .where(and(eq(event.status, "published"), eq(event.isPrivate, false), eq(event.isCancelled, false)))
    .orderBy(asc(event.startsAt));
}
