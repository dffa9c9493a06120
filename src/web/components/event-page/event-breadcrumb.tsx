import { Link } from "react-router";
import { eventTypeLabel, findCategory } from "~/domain/categories";

/** Home, then the event's category (when it has a known one), then its type: each a listing page. */
export function EventBreadcrumb({ category: categoryValue, eventType }: { category: string; eventType: string }) {
  const category = findCategory(categoryValue);
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-fg-muted">
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <Link to="/" className="hover:underline">
            Home
          </Link>
        </li>
        {category ? (
          <>
            <li aria-hidden>/</li>
            <li>
              <Link to={`/events/category/${category.slug}`} className="hover:underline">
                {category.label}
              </Link>
            </li>
          </>
        ) : null}
        <li aria-hidden>/</li>
        <li>
          <Link to={`/events/type/${eventType}`} className="hover:underline">
            {eventTypeLabel(eventType)}
          </Link>
        </li>
      </ol>
    </nav>
  );
}
