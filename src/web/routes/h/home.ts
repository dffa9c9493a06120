import { redirect } from "react-router";
import { studioHomeFor } from "~/web/components/studio/studio-nav";
import { EVERY_ROLE, requireStudio } from "~/web/lib/studio.server";
import type { Route } from "./+types/home";

/**
 * Partner Studio's front door, where the profile menu leads: each role to its first page (a scanner
 * to the door's, an owner or manager to the dashboard). Someone who acts for no host goes to
 * onboarding, as the guard sends them.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { role } = await requireStudio(context, request, { roles: EVERY_ROLE });
  throw redirect(studioHomeFor(role));
}
