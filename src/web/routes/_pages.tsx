import { isRouteErrorResponse, Outlet, useRouteLoaderData } from "react-router";
import { ErrorCard } from "../components/error-card";
import type { loader as rootLoader } from "../root";
import type { Route } from "./+types/_pages";

export default function Pages() {
  return <Outlet />;
}

/** Errors in any page render here, inside the shell, so the way home is always on screen. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const status = isRouteErrorResponse(error) ? error.status : null;
  const seed = isRouteErrorResponse(error) ? `${error.status}` : error instanceof Error ? error.message : "unknown";
  return <ErrorCard code={status} seed={seed} reference={root?.requestId} />;
}
