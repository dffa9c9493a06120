import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";

/** The page numbers to offer: first, last, and two either side of the current one, with gaps. */
export function pageWindow(page: number, pageCount: number): (number | "gap")[] {
  const pages = new Set(
    [1, pageCount, page - 2, page - 1, page, page + 1, page + 2].filter((p) => p >= 1 && p <= pageCount),
  );
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | "gap")[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push("gap");
    out.push(p);
  });
  return out;
}

/**
 * Numbered pages with previous and next, as real links (they work without JavaScript and can be
 * shared). Nothing renders for a single page.
 */
export function Pagination({
  page,
  pageCount,
  hrefFor,
  label = "Pages",
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  label?: string;
}) {
  if (pageCount <= 1) return null;
  const item = "inline-flex min-h-10 min-w-10 items-center justify-center rounded-full px-3 text-sm font-semibold";
  return (
    <nav aria-label={label} className="mt-8 flex flex-wrap items-center justify-center gap-1">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={`${item} hover:bg-surface-2`} rel="prev">
          <ChevronLeft aria-hidden className="size-4" /> Previous
        </Link>
      ) : null}
      {pageWindow(page, pageCount).map((p, i) =>
        p === "gap" ? (
          <span key={`gap-${i}`} aria-hidden className="px-1 text-fg-muted">
            …
          </span>
        ) : p === page ? (
          <span key={p} aria-current="page" className={`${item} bg-brand-strong text-on-brand`}>
            <span className="sr-only">Page </span>
            {p}
          </span>
        ) : (
          <Link key={p} to={hrefFor(p)} className={`${item} hover:bg-surface-2`} aria-label={`Page ${p}`}>
            {p}
          </Link>
        ),
      )}
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={`${item} hover:bg-surface-2`} rel="next">
          Next <ChevronRight aria-hidden className="size-4" />
        </Link>
      ) : null}
    </nav>
  );
}

/** A positive whole page number from a query string, 1 when missing or nonsense. */
export function pageParam(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}
