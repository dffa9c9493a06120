import {
  Baby,
  Beer,
  Briefcase,
  Dumbbell,
  GraduationCap,
  HeartHandshake,
  Laugh,
  MonitorPlay,
  Music,
  Palette,
  Users,
  UtensilsCrossed,
  type LucideIcon,
} from "lucide-react";
import { NavLink } from "react-router";

export const CATEGORY_ICONS: Record<string, LucideIcon> = {
  "music-events": Music,
  "comedy-events": Laugh,
  "pubs-clubs-events": Beer,
  "arts-culture-events": Palette,
  "sports-fitness-events": Dumbbell,
  "food-drink-events": UtensilsCrossed,
  "business-networking-events": Briefcase,
  "charity-fundraising-events": HeartHandshake,
  "community-events": Users,
  "education-training-events": GraduationCap,
  "online-events": MonitorPlay,
  "kids-events": Baby,
};

/**
 * The twelve categories as a strip of chips with how many events each has coming up. It scrolls
 * sideways on phones and wraps on wide screens.
 */
export function CategoryStrip({ categories }: { categories: { slug: string; label: string; count?: number }[] }) {
  return (
    <ul
      className="-mx-4 flex snap-x scroll-px-4 gap-2 overflow-x-auto scroll-fade px-4 pb-2 tablet:-mx-6
      tablet:scroll-px-6 tablet:px-6 laptop:mx-0 laptop:flex-wrap laptop:overflow-visible laptop:px-0"
    >
      {categories.map((c) => {
        const Icon = CATEGORY_ICONS[c.slug] ?? Music;
        return (
          <li key={c.slug} className="shrink-0 snap-start">
            <NavLink
              to={`/events/category/${c.slug}`}
              className={({ isActive }) =>
                `relative inline-flex min-h-10 items-center gap-2 rounded-full border px-4 text-sm font-medium
                  transition-colors ${
                    isActive ? "border-brand bg-brand-soft text-brand" : "border-border bg-surface hover:bg-surface-2"
                  }`
              }
            >
              <Icon aria-hidden className="size-4" />
              {c.label}
              {c.count !== undefined ? (
                <span className="rounded-full bg-surface-2 px-1.5 text-xs text-fg-muted">
                  <span className="sr-only">, </span>
                  {c.count}
                  <span className="sr-only"> upcoming</span>
                </span>
              ) : null}
            </NavLink>
          </li>
        );
      })}
    </ul>
  );
}
