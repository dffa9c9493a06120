import { Compass } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";

export const handle = { title: "Page not found" };

export const meta: Route.MetaFunction = () => [
  { title: "Page not found · Ticketyboo" },
  {
    name: "description",
    content: "We couldn't find that page on Ticketyboo. Search for events or explore what's on near you.",
  },
  { name: "robots", content: "noindex" },
];

/** A real 404: the status is 404 for /404 and for any path no route claims. */
export async function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <div className="container-page grid min-h-[60dvh] place-items-center py-16">
      <div className="max-w-md text-center">
        <Compass aria-hidden className="mx-auto size-12 text-brand" />
        <p className="mt-4 text-sm font-semibold text-brand">404</p>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight">We couldn't find that page</h1>
        <p className="mt-3 text-fg-muted">
          The link may be old, or the event may have moved. Let's get you somewhere good.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/" className="btn-primary">
            Go to the home page
          </Link>
          <Link to="/explore" className="btn-secondary">
            Explore events
          </Link>
        </div>
      </div>
    </div>
  );
}
