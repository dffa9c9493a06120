import { loadSignage } from "~/web/lib/signage.server";
import type { Route } from "./+types/hosts.$hostId.signage.feed";

/**
 * `GET /hosts/{hostId}/signage/feed`: what the signage page shows, as JSON, for the screen to
 * refresh itself every few minutes (the page keeps what it had when this cannot be reached). Public
 * and the same for everyone, so shared caches may keep it a minute.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const signage = await loadSignage(context, params.hostId);
  if (!signage) return Response.json({ error: { code: "not_found" } }, { status: 404 });
  return Response.json(signage, { headers: { "Cache-Control": "public, max-age=60" } });
}
