import { Outlet, redirect } from "react-router";
import type { Route } from "./+types/_signed-out";

/** Sign-in style pages: someone already signed in goes to their dashboard instead. */
export async function loader({ context }: Route.LoaderArgs) {
  if (context.user) throw redirect("/u/dashboard");
  return null;
}

export default function SignedOutLayout() {
  return <Outlet />;
}
