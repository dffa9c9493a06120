import { exploreMapPins } from "~/services/explore-events";
import { readExploreInput } from "~/web/lib/explore-input";
import type { Route } from "./+types/explore.pins";

/**
 * `GET /explore/pins?…`: the explore map's pins for the same place and filters as the page's list
 * (the URL's, or the location this browser saved), as JSON. The map asks for them once it is on
 * screen, so the page's HTML carries only the list and a phone that never opens the map never
 * fetches them. Private (the saved location is a cookie), kept a minute.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { input } = readExploreInput(request, new Date());
  const pins = await exploreMapPins(context.database.db, input);
  return Response.json({ pins }, { headers: { "Cache-Control": "private, max-age=60", Vary: "Cookie" } });
}
