import { data, Link } from "react-router";
import { findCategory, findEventType } from "~/domain/categories";
import { PAGE_SIZE } from "~/domain/discovery";
import { pageEvents } from "~/services/discover-events";
import { ListingPage } from "~/web/components/events/listing-page";
import { filterQuery, parseFilters } from "~/web/lib/listing-filters";
import { publicUrlFrom, seo } from "~/web/lib/seo";
import type { Route } from "./+types/type.$type";

export const handle = { title: "Events" };

export const meta: Route.MetaFunction = ({ data: loaderData, matches, params }) => {
  if (!loaderData) return [{ title: "Not found · Ticketyboo" }];
  return seo({
    title: `${loaderData.type.label} · Events near you · Ticketyboo`,
    description:
      `${loaderData.type.label} across the UK: find one near you and book at honest all-in prices on ` + `Ticketyboo.`,
    path: `/events/type/${params.type}`,
    publicUrl: publicUrlFrom(matches),
  });
};

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const type = findEventType(params.type);
  if (!type) throw data(null, { status: 404 });
  const now = new Date();
  const filters = parseFilters(new URL(request.url).searchParams);
  const page = await pageEvents(context.database.db, {
    now,
    scope: "public",
    sort: "date",
    ...filterQuery({ ...filters, type: undefined }, now),
    eventType: type.slug,
    limit: PAGE_SIZE,
    offset: (filters.page - 1) * PAGE_SIZE,
  });
  const categories = type.categories.map((slug) => findCategory(slug)!).map((c) => ({ slug: c.slug, label: c.label }));
  return {
    now,
    type: { slug: type.slug, label: type.label },
    categories,
    filters,
    ...page,
    pageCount: Math.max(1, Math.ceil(page.total / PAGE_SIZE)),
    viewerId: context.user?.id ?? null,
  };
}

export default function TypePage({ loaderData, params }: Route.ComponentProps) {
  const { type, categories, filters } = loaderData;
  return (
    <ListingPage
      pathname={`/events/type/${params.type}`}
      heading={<h1 className="text-3xl font-extrabold tracking-tight">{type.label}</h1>}
      intro={
        <p>
          {type.label} in{" "}
          {categories.map((c, i) => (
            <span key={c.slug}>
              {i > 0 ? (i === categories.length - 1 ? " and " : ", ") : ""}
              <Link to={`/events/category/${c.slug}`} className="link">
                {c.label}
              </Link>
            </span>
          ))}
          , soonest first.
        </p>
      }
      filters={filters}
      events={loaderData.events}
      total={loaderData.total}
      pageCount={loaderData.pageCount}
      now={loaderData.now}
      viewerId={loaderData.viewerId}
      emptyTitle={
        `No ${type.label.toLowerCase()} ` + `${filters.date || filters.price ? "match these filters" : "coming up yet"}`
      }
    />
  );
}
