import type { ReactNode } from "react";
import { isRouteErrorResponse, Outlet, useRouteLoaderData } from "react-router";
import { ErrorCard } from "~/web/components/error-card";
import { StudioBottomBar, StudioSidebar, StudioTopline } from "~/web/components/studio/studio-nav";
import { studioFrame } from "~/web/lib/studio.server";
import type { loader as rootLoader } from "../../root";
import type { Route } from "./+types/_studio";

/** Pages inside this layout bring their own navigation: the shell leaves out the buyer's bottom bar and footer. */
export const handle = { studio: true };

/**
 * Partner Studio's frame: whose Studio it is and its pages. Every member of the team sees it; each
 * page's own loader asks the guard again with the roles it allows. Someone who may act for other
 * hosts too is offered them in the switcher.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { host, role, choices } = await studioFrame(context, request);
  return { host, role, others: choices.filter((c) => c.host.id !== host.id) };
}

type Frame = Route.ComponentProps["loaderData"];

function StudioFrame({ host, role, others, children }: Frame & { children: ReactNode }) {
  return (
    <div className="container-page laptop:grid laptop:grid-cols-[15rem_minmax(0,1fr)] laptop:gap-10">
      <StudioSidebar host={host} role={role} others={others} />
      <div className="min-w-0">
        <StudioTopline host={host} role={role} others={others} />
        {children}
      </div>
      <StudioBottomBar role={role} />
    </div>
  );
}

export default function StudioLayout({ loaderData }: Route.ComponentProps) {
  return (
    <StudioFrame {...loaderData}>
      <Outlet />
    </StudioFrame>
  );
}

/**
 * A page of the Studio that refused (a role it is not for, another host's id) or failed: the error
 * inside the Studio's frame, so its navigation and the host switcher stay on screen and nobody is
 * stranded on a page their role has none of.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const frame = useRouteLoaderData<typeof loader>("routes/h/_studio");
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const status = isRouteErrorResponse(error) ? error.status : null;
  const seed = isRouteErrorResponse(error) ? `${error.status}` : error instanceof Error ? error.message : "unknown";
  const card = <ErrorCard code={status} seed={seed} reference={root?.requestId} />;
  return frame ? <StudioFrame {...frame}>{card}</StudioFrame> : card;
}
