import { Outlet, redirect } from "react-router";
import { setFlash } from "~/web/lib/flash.server";
import { whereTheyWere } from "~/web/lib/signed-in.server";
import type { Route } from "./+types/_signed-in";

/**
 * The buyer's own area: without a session, back to the root (spec §2, three layouts), with a
 * toast whose "Log in" comes back here: links in emails (an order, a waitlist offer) lead to these
 * pages, and the person should not lose where they were going.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.user) {
    const back = whereTheyWere(request);
    throw redirect("/", {
      headers: setFlash(new Headers(), {
        tone: "info",
        text: "Log in to see that page.",
        link: { href: `/log-in?redirect=${encodeURIComponent(back)}`, label: "Log in" },
      }),
    });
  }
  return { user: context.user };
}

export default function SignedInLayout() {
  return <Outlet />;
}
