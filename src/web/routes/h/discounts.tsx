import { Plus, Tag } from "lucide-react";
import { Link } from "react-router";
import { listHostDiscounts } from "~/services/host-discounts";
import { DiscountSummary } from "~/web/components/studio/discount-summary";
import { Pagination } from "~/web/components/ui/pagination";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import type { Route } from "./+types/discounts";

export const handle = { title: "Discounts" };
export const meta: Route.MetaFunction = () => [
  { title: "Discounts · Partner Studio · Ticketyboo" },
  { name: "description", content: "Your discount codes and how often each has been used." },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const list = await listHostDiscounts(context.database.db, { hostId, page: Number.isInteger(page) ? page : 1 });
  return { ...list, now: new Date() };
}

/** Which events a discount works for, in words. */
function scopeOf(events: { name: string }[]): string {
  if (events.length === 0) return "All your events";
  if (events.length === 1) return `Only ${events[0]!.name}`;
  return `Only ${events[0]!.name} and ${events.length - 1} more`;
}

export default function Discounts({ loaderData }: Route.ComponentProps) {
  const { discounts, page, pages, total, now } = loaderData;
  return (
    <div className="py-8 pb-24 laptop:py-10">
      <p className="text-sm font-semibold text-brand">Partner Studio</p>
      <div className="mt-1 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight">Discounts</h1>
        <Link to="/h/discounts/new" className="btn-primary">
          <Plus aria-hidden className="size-4" /> New discount
        </Link>
      </div>
      <p className="mt-1 max-w-2xl text-fg-muted">
        Codes buyers type at checkout for money off, or to unlock private tickets. Each works for all your events, or
        only the ones you choose.
      </p>
      <section aria-labelledby="codes-heading" className="mt-8">
        <h2 id="codes-heading" className="flex items-center gap-2 text-xl font-bold">
          <Tag aria-hidden className="size-5 text-brand" /> Your codes
          {total > 0 ? <span className="text-sm font-medium text-fg-muted">({total})</span> : null}
        </h2>
        {discounts.length === 0 ? (
          <div className="card mt-4 p-6 text-center text-sm text-fg-muted">
            <p>No discount codes yet. Make one to reward your regulars, or for a group booking.</p>
            <Link to="/h/discounts/new" className="btn-secondary mt-4">
              <Plus aria-hidden className="size-4" /> New discount
            </Link>
          </div>
        ) : (
          <ul className="mt-4 flex flex-col gap-3">
            {discounts.map((d) => (
              <li key={d.id} className="card p-4">
                <DiscountSummary
                  discount={d}
                  currency="GBP"
                  now={now}
                  scope={scopeOf(d.events)}
                  editHref={`/h/discounts/${d.id}`}
                />
              </li>
            ))}
          </ul>
        )}
        <Pagination
          page={page}
          pageCount={pages}
          hrefFor={(p) => (p === 1 ? "/h/discounts" : `/h/discounts?page=${p}`)}
          label="Discount pages"
        />
      </section>
    </div>
  );
}
