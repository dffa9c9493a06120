import { X } from "lucide-react";
import { Form, Link } from "react-router";
import { DATE_FILTERS, DISTANCE_FILTERS_MILES, PRICE_FILTERS } from "~/domain/discovery";
import { activeFilterCount, filterHref, type ListingFilters } from "~/web/lib/listing-filters";

interface FilterBarProps {
  pathname: string;
  filters: ListingFilters;
  /** Query parameters that are not filters but must survive (the search text). */
  keep?: Record<string, string>;
  showDistance?: boolean;
}

/**
 * Date, price (and on the map, distance) filters as links: each chip is the URL with that filter
 * set, so filters work without JavaScript, survive a reload and can be shared. "Pick dates" opens
 * two date fields submitted as an ordinary GET form.
 */
export function FilterBar({ pathname, filters, keep, showDistance = false }: FilterBarProps) {
  const href = (change: Parameters<typeof filterHref>[2]) => filterHref(pathname, filters, change, keep);
  return (
    <div className="space-y-3">
      <ChipGroup label="When">
        <Chip to={href({ date: undefined })} active={!filters.date}>
          Any time
        </Chip>
        {DATE_FILTERS.map((d) => (
          <Chip key={d.slug} to={href({ date: d.slug })} active={filters.date === d.slug}>
            {d.label}
          </Chip>
        ))}
      </ChipGroup>
      {filters.date === "dates" ? (
        <Form method="get" action={pathname} className="flex flex-wrap items-end gap-3" aria-label="Pick dates">
          {Object.entries({
            ...keep,
            ...(filters.price ? { price: filters.price } : {}),
            ...(filters.type ? { type: filters.type } : {}),
            ...(filters.category ? { category: filters.category } : {}),
            ...(filters.miles ? { miles: String(filters.miles) } : {}),
          }).map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          <input type="hidden" name="date" value="dates" />
          <label className="text-sm font-medium">
            From
            <input
              type="date"
              name="from"
              defaultValue={filters.from}
              required
              className="mt-1 block h-10 rounded-xl border border-border bg-surface px-3 text-fg"
            />
          </label>
          <label className="text-sm font-medium">
            To
            <input
              type="date"
              name="to"
              defaultValue={filters.to}
              className="mt-1 block h-10 rounded-xl border border-border bg-surface px-3 text-fg"
            />
          </label>
          <button type="submit" className="btn-secondary h-10">
            Show dates
          </button>
        </Form>
      ) : null}
      <ChipGroup label="Price">
        <Chip to={href({ price: undefined })} active={!filters.price}>
          Any price
        </Chip>
        {PRICE_FILTERS.map((p) => (
          <Chip key={p.slug} to={href({ price: p.slug })} active={filters.price === p.slug}>
            {p.label}
          </Chip>
        ))}
      </ChipGroup>
      {showDistance ? (
        <ChipGroup label="Distance">
          {DISTANCE_FILTERS_MILES.map((m) => (
            <Chip key={m} to={href({ miles: m })} active={(filters.miles ?? 25) === m}>
              {m} miles
            </Chip>
          ))}
        </ChipGroup>
      ) : null}
      {activeFilterCount(filters) > 0 ? (
        <Link
          to={filterHref(pathname, { page: 1 }, {}, keep)}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand hover:underline"
        >
          <X aria-hidden className="size-4" /> Clear filters
        </Link>
      ) : null}
    </div>
  );
}

function ChipGroup({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div role="group" aria-label={label} className="flex items-center gap-2">
      <span aria-hidden className="w-16 shrink-0 text-xs font-semibold tracking-wide text-fg-muted uppercase">
        {label}
      </span>
      <ul
        className="-mr-4 flex gap-2 overflow-x-auto scroll-fade pr-4 pb-1 tablet:mr-0 tablet:flex-wrap
        tablet:overflow-visible tablet:pr-0"
      >
        {children}
      </ul>
    </div>
  );
}

function Chip({ to, active, children }: { to: string; active: boolean; children: React.ReactNode }) {
  return (
    <li className="shrink-0">
      <Link
        to={to}
        preventScrollReset
        aria-current={active ? "true" : undefined}
        className={`inline-flex min-h-9 items-center rounded-full border px-3 text-sm font-medium whitespace-nowrap
          transition-colors ${
            active ? "border-brand bg-brand-soft text-brand" : "border-border bg-surface hover:bg-surface-2"
          }`}
      >
        {children}
      </Link>
    </li>
  );
}
