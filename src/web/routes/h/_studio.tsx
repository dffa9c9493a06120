import { Outlet } from "react-router";
import { StudioBottomBar, StudioSidebar, StudioTopline } from "~/web/components/studio/studio-nav";
import { requireStudio } from "~/web/lib/studio.server";
import type { Route } from "./+types/_studio";

/** Pages inside this layout bring their own navigation: the shell leaves out the buyer's bottom bar and footer. */
export const handle = { studio: true };

/**
 * Partner Studio's frame: whose Studio it is and its pages. Every member of the team sees it; each
 * page's own loader asks the guard again with the roles it allows.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { host, role } = await requireStudio(context, request, { roles: ["owner", "manager", "scanner"] });
  return { host, role };
}

export default function StudioLayout({ loaderData }: Route.ComponentProps) {
  const { host, role } = loaderData;
  return (
    <div className="container-page laptop:grid laptop:grid-cols-[15rem_minmax(0,1fr)] laptop:gap-10">
      <StudioSidebar host={host} role={role} />
      <div className="min-w-0">
        <StudioTopline host={host} />
        <Outlet />
      </div>
      <StudioBottomBar role={role} />
    </div>
  );
}
