import { Outlet, redirect } from "react-router";
import type { Route } from "./+types/_signed-in";

/** The buyer's own area: without a session, back to the root (spec §2, three layouts). */
export async function loader({ context }: Route.LoaderArgs) {
  if (!context.user) throw redirect("/");
  return { user: context.user };
}

export default function SignedInLayout() {
  return <Outlet />;
}
