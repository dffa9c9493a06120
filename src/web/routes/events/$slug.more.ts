import { recommendForSlug } from "~/services/recommend-events";
import type { Route } from "./+types/$slug.more";

/**
 * `GET /events/{slug}/more`: "You might also like" for a published event, as JSON, asked for by its
 * page once it is showing. The same for everyone (no viewer, no cookies read), so it may be cached
 * for a minute; an unknown slug or a draft is a 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const events = await recommendForSlug(context.database.db, { slug: params.slug, now: new Date() });
  if (!events) return Response.json({ events: [] }, { status: 404, headers: { "Cache-Control": "no-store" } });
  return Response.json({ events }, { headers: { "Cache-Control": "public, max-age=60" } });
}
