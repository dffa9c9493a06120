import { redirect } from "react-router";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import type { Route } from "./+types/reports";

/**
 * /h/reports: the overview is where reports begin (the orders report is a tab beside it), so the
 * landing opens it, keeping any event and dates in the address. A scanner is not let in (404).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const { search } = new URL(request.url);
  throw redirect(`/h/reports/overview${search}`);
}
