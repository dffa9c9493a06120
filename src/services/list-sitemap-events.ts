import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { contentPost, event, user } from "~/db/schema";
import { contentPostPath } from "~/domain/content-posts";

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

/**
 * The other pages /sitemap.xml lists from the database: every host's booking page (`/{username}`, a
 * live host with a username) and every published post at its address (drafts never).
 */
export async function listSitemapPages(db: Db): Promise<{ path: string; updatedAt: Date }[]> {
  const [hosts, posts] = await Promise.all([
    db
      .select({ username: user.username, updatedAt: user.updatedAt })
      .from(user)
      .where(and(eq(user.userType, "host"), isNotNull(user.username), isNull(user.deletedAt)))
      .orderBy(asc(user.username)),
    db
      .select({ kind: contentPost.kind, slug: contentPost.slug, updatedAt: contentPost.updatedAt })
      .from(contentPost)
      .where(eq(contentPost.status, "published"))
      .orderBy(asc(contentPost.kind), asc(contentPost.slug)),
  ]);
  return [
    ...hosts.map((h) => ({ path: `/${h.username}`, updatedAt: h.updatedAt })),
    ...posts.map((p) => ({ path: contentPostPath(p.kind, p.slug), updatedAt: p.updatedAt })),
  ];
}
