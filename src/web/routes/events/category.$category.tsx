import { data, Link } from "react-router";
import { findCategory } from "~/domain/categories";
import { PAGE_SIZE } from "~/domain/discovery";
import { countByEventType, pageEvents } from "~/services/discover-events";
import { CATEGORY_ICONS } from "~/web/components/events/category-strip";
import { ListingPage } from "~/web/components/events/listing-page";
import { filterHref, filterQuery, parseFilters } from "~/web/lib/listing-filters";
import { publicUrlFrom, seo } from "~/web/lib/seo";
import type { Route } from "./+types/category.$category";

export const handle = { title: "Events" };

export const meta: Route.MetaFunction = ({ data: loaderData, matches, params }) => {
  if (!loaderData) return [{ title: "Not found · Ticketyboo" }];
  const { category } = loaderData;
  return seo({
    title: `${category.label} events near you · Ticketyboo`,
    description: `${category.blurb} Book at honest all-in prices on Ticketyboo.`,
    path: `/events/category/${params.category}`,
    publicUrl: publicUrlFrom(matches),
  });
};

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const category = findCategory(params.category);
  if (!category) throw data(null, { status: 404 });
  const now = new Date();
  const url = new URL(request.url);
  const filters = parseFilters(url.searchParams);
  const db = context.database.db;
  const [page, typeCounts] = await Promise.all([
    pageEvents(db, {
      now,
      scope: "public",
      sort: "date",
      ...filterQuery(filters, now),
      category: category.slug,
      limit: PAGE_SIZE,
      offset: (filters.page - 1) * PAGE_SIZE,
    }),
    countByEventType(db, now, category.slug),
  ]);
  return {
    now,
    category,
    filters,
    ...page,
    pageCount: Math.max(1, Math.ceil(page.total / PAGE_SIZE)),
    typeCounts,
    viewerId: context.user?.id ?? null,
  };
}

export default function CategoryPage({ loaderData, params }: Route.ComponentProps) {
  const { category, filters, typeCounts } = loaderData;
  const Icon = CATEGORY_ICONS[category.slug];
  const pathname = `/events/category/${params.category}`;
  return (
    <ListingPage
      pathname={pathname}
      heading={
        <h1 className="flex items-center gap-3 text-3xl font-extrabold tracking-tight">
          {Icon ? (
            <span className="grid size-11 place-items-center rounded-2xl bg-brand-soft text-brand">
              <Icon aria-hidden className="size-6" />
            </span>
          ) : null}
          {category.label}
        </h1>
      }
      intro={category.blurb}
      nav={
        <nav aria-label={`${category.label} types`}>
          <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 tablet:mx-0 tablet:flex-wrap tablet:px-0">
            <li className="shrink-0">
              <Link
                to={filterHref(pathname, filters, { type: undefined })}
                aria-current={!filters.type ? "true" : undefined}
                className={
                  `inline-flex min-h-9 items-center rounded-full px-3 text-sm font-semibold ` +
                  `${!filters.type ? "bg-fg text-bg" : "bg-surface-2 hover:bg-border"}`
                }
              >
                All {category.label}
              </Link>
            </li>
            {category.types.map((t) => (
              <li key={t.slug} className="shrink-0">
                <Link
                  to={filterHref(pathname, filters, { type: t.slug })}
                  aria-current={filters.type === t.slug ? "true" : undefined}
                  className={
                    `inline-flex min-h-9 items-center gap-1.5 rounded-full px-3 text-sm font-medium ` +
                    `whitespace-nowrap ${filters.type === t.slug ? "bg-fg text-bg" : "bg-surface-2 hover:bg-border"}`
                  }
                >
                  {t.label}
                  {typeCounts[t.slug] ? <span className="text-xs opacity-75">{typeCounts[t.slug]}</span> : null}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      }
      filters={filters}
      events={loaderData.events}
      total={loaderData.total}
      pageCount={loaderData.pageCount}
      now={loaderData.now}
      viewerId={loaderData.viewerId}
      emptyTitle={
        `No ${category.label.toLowerCase()} events ` +
        `${filters.type || filters.date || filters.price ? "match these filters" : "coming up yet"}`
      }
    />
  );
}
