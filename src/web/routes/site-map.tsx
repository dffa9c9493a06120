import { Link } from "react-router";
import { CATEGORIES } from "~/domain/categories";
import { formatShortDate } from "~/lib/format";
import { listEvents } from "~/services/discover-events";
import { publicUrlFrom, seo } from "../lib/seo";
import { siteMapSections } from "../lib/site-map-pages";
import type { Route } from "./+types/site-map";

export const handle = { title: "Site map" };

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Site map · Ticketyboo",
    description:
      "Every part of Ticketyboo on one page: hosting, help, company and legal pages, categories, kinds of " +
      "event and what's coming up.",
    path: "/site-map",
    publicUrl: publicUrlFrom(matches),
  });

const UPCOMING = 50;

export async function loader({ context }: Route.LoaderArgs) {
  const events = await listEvents(context.database.db, {
    now: new Date(),
    scope: "upcoming",
    sort: "date",
    limit: UPCOMING,
  });
  return {
    events: events.map((e) => ({
      slug: e.slug,
      name: e.name,
      startsAt: e.startsAt,
      where: e.venue ? e.venue.city : "Online",
    })),
  };
}

/** The human site map (spec §2 /site-map): everything findable, as plain links. */
export default function SiteMap({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">Site map</h1>
      <p className="mt-2 max-w-2xl text-fg-muted">
        Everything on Ticketyboo in one place. Looking for something in particular? The search box at the top finds
        events, artists and venues.
      </p>

      {siteMapSections.map((section) => (
        <section key={section.id} aria-labelledby={`${section.id}-heading`} className="mt-10">
          <h2 id={`${section.id}-heading`} className="text-xl font-bold">
            {section.heading}
          </h2>
          <ul className="mt-3 grid gap-2 tablet:grid-cols-3">
            {section.links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="link">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}

      <section aria-labelledby="categories-heading" className="mt-10">
        <h2 id="categories-heading" className="text-xl font-bold">
          Categories and kinds of event
        </h2>
        <div className="mt-4 grid gap-8 tablet:grid-cols-2 laptop:grid-cols-3">
          {CATEGORIES.map((c) => (
            <section key={c.slug} aria-labelledby={`cat-${c.slug}`}>
              <h3 id={`cat-${c.slug}`} className="font-semibold">
                <Link to={`/events/category/${c.slug}`} className="link">
                  {c.label}
                </Link>
              </h3>
              <ul className="mt-2 space-y-1 text-sm">
                {c.types.map((t) => (
                  <li key={t.slug}>
                    <Link to={`/events/type/${t.slug}`} className="text-fg-muted hover:text-fg hover:underline">
                      {t.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </section>

      <section aria-labelledby="upcoming-heading" className="mt-10">
        <h2 id="upcoming-heading" className="text-xl font-bold">
          Coming up
        </h2>
        {loaderData.events.length === 0 ? (
          <p className="mt-3 text-fg-muted">Nothing is coming up just now.</p>
        ) : (
          <ul className="mt-3 grid gap-x-8 gap-y-2 text-sm tablet:grid-cols-2">
            {loaderData.events.map((e) => (
              <li key={e.slug}>
                <Link to={`/events/${e.slug}`} className="link">
                  {e.name}
                </Link>{" "}
                <span className="text-fg-muted">
                  · {formatShortDate(e.startsAt)} · {e.where}
                </span>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-4 text-sm">
          <Link to="/explore" className="link">
            See everything on the map
          </Link>
        </p>
      </section>
    </div>
  );
}
