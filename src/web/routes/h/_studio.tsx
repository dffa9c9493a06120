import { Outlet } from "react-router";
import { StudioBottomBar, StudioSidebar, StudioTopline } from "~/web/components/studio/studio-nav";
import { studioChoices } from "~/services/studio-access";
import { requireStudio } from "~/web/lib/studio.server";
import type { Route } from "./+types/_studio";

/** Pages inside this layout bring their own navigation: the shell leaves out the buyer's bottom bar and footer. */
export const handle = { studio: true };

/**
 * Partner Studio's frame: whose Studio it is and its pages. Every member of the team sees it; each
 * page's own loader asks the guard again with the roles it allows. Someone who may act for other
 * hosts too is offered them in the switcher.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { host, role, user } = await requireStudio(context, request, { roles: ["owner", "manager", "scanner"] });
  const choices = await studioChoices(context.database.db, user.id);
  return { host, role, others: choices.filter((c) => c.host.id !== host.id) };
}

export default function StudioLayout({ loaderData }: Route.ComponentProps) {
  const { host, role, others } = loaderData;
  return (
    <div className="container-page laptop:grid laptop:grid-cols-[15rem_minmax(0,1fr)] laptop:gap-10">
      <StudioSidebar host={host} role={role} others={others} />
      <div className="min-w-0">
        <StudioTopline host={host} others={others} />
        <Outlet />
      </div>
      <StudioBottomBar role={role} />
    </div>
  );
}
