import { Outlet, redirect } from "react-router";
import { setFlash } from "~/web/lib/flash.server";
import { whereTheyWere } from "~/web/lib/signed-in.server";
import type { Route } from "./+types/_signed-in";

/**
 * The buyer's own area. Without a session, someone who arrives from outside the site (a link in
 * an email, such as 'Show my tickets' or a waitlist offer, a bookmark, a typed address) is asked to
 * log in and then taken where they were going. Moving about the site without one (after logging
 * out in another tab) goes back to the root (spec §2, three layouts), with a toast whose "Log in"
 * comes back here.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.user) {
    const back = whereTheyWere(request);
    const logIn = `/log-in?redirect=${encodeURIComponent(back)}`;
    if (arrivedFromOutside(request))
      throw redirect(logIn, { headers: setFlash(new Headers(), { tone: "info", text: "Log in to see that page." }) });
    throw redirect("/", {
      headers: setFlash(new Headers(), {
        tone: "info",
        text: "Log in to see that page.",
        link: { href: logIn, label: "Log in" },
      }),
    });
  }
  return { user: context.user };
}

export default function SignedInLayout() {
  return <Outlet />;
}

/**
 * A page opened from outside the site: the browser says where a navigation came from
 * (`Sec-Fetch-Site`: 'none' for an address opened from an app such as a mail program, or typed;
 * 'cross-site' from webmail or a payment page). Without the header nothing is assumed.
 */
function arrivedFromOutside(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  return site === "none" || site === "cross-site";
}
