/**
 * The twelve categories of spec §2, with their subcategories. A subcategory is an event's "type"
 * (`/events/type/{type}`), kept as a slug: lowercase, hyphenated, "&" written "and". Some types
 * (workshops, classes) belong to several categories; the type page lists them all.
 */
export interface EventTypeDef {
  slug: string;
  label: string;
}

export interface CategoryDef {
  slug: string;
  label: string;
  /** One line for the category's page and its meta description. */
  blurb: string;
  types: readonly EventTypeDef[];
}

const t = (label: string): EventTypeDef => ({ slug: typeSlug(label), label });

/** 'Wine, beer and food tasting' → 'wine-beer-and-food-tasting'. */
export function typeSlug(label: string): string {
  return label
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export const CATEGORIES: readonly CategoryDef[] = [
  {
    slug: "music-events",
    label: "Music",
    blurb: "Gigs, open mics, DJ nights and recitals in the small rooms that make the scene.",
    types: [
      "Live bands",
      "Festivals",
      "DJ nights",
      "Karaoke",
      "Open mic",
      "Workshops",
      "Classes",
      "Lessons",
      "Competitions",
      "Recitals",
      "Concerts",
      "Shows",
      "Performances",
      "Gigs",
    ].map(t),
  },
  {
    slug: "comedy-events",
    label: "Comedy",
    blurb: "Stand-up, improv and new-material nights, from basements to proper clubs.",
    types: ["Stand-up", "Shows", "Improv", "Workshops", "Classes", "Competitions"].map(t),
  },
  {
    slug: "pubs-clubs-events",
    label: "Pubs & Clubs",
    blurb: "Quiz nights, theme nights, cabaret and drag: the best of the local.",
    types: ["Quiz night", "Food events", "Theme nights", "Fancy dress", "Cocktails", "Cabaret", "Drag show"].map(t),
  },
  {
    slug: "arts-culture-events",
    label: "Arts & Culture",
    blurb: "Exhibitions, film screenings, theatre and poetry near you.",
    types: ["Museum exhibitions", "Galleries", "Art shows", "Film screenings", "Theatre plays", "Poetry readings"].map(
      t,
    ),
  },
  {
    slug: "sports-fitness-events",
    label: "Sports & Fitness",
    blurb: "Park runs, yoga, cycling and matches to play in or cheer on.",
    types: ["Marathons", "Football matches", "Yoga", "Gym sessions", "Cycling"].map(t),
  },
  {
    slug: "food-drink-events",
    label: "Food & Drink",
    blurb: "Tastings, pop-ups, cookery classes and beer festivals.",
    types: ["Wine, beer and food tasting", "Cooking classes", "Food fairs", "Pop-ups", "Craft beer festivals"].map(t),
  },
  {
    slug: "business-networking-events",
    label: "Business & Networking",
    blurb: "Meetups, seminars and conferences for people building things.",
    types: ["Conferences", "Workshops", "Meetups", "Seminars", "Job fairs"].map(t),
  },
  {
    slug: "charity-fundraising-events",
    label: "Charity & Fundraising",
    blurb: "Benefit gigs, charity runs, auctions and galas for good causes.",
    types: ["Benefit concerts", "Charity runs", "Auctions", "Galas", "Charity walks"].map(t),
  },
  {
    slug: "community-events",
    label: "Community",
    blurb: "Street festivals, carnivals and block parties on your doorstep.",
    types: ["Street festivals", "Carnivals", "Parades", "Block parties", "Holiday events", "Pop-up shopping"].map(t),
  },
  {
    slug: "education-training-events",
    label: "Education & Training",
    blurb: "Workshops, courses and seminars to learn something new.",
    types: ["Workshops", "Webinars", "Seminars", "Training courses", "Certification programs"].map(t),
  },
  {
    slug: "online-events",
    label: "Online",
    blurb: "Streams, webinars and online classes you can join from the sofa.",
    types: [
      "Webinars",
      "Workshops",
      "Conferences or summits",
      "Virtual trade shows",
      "Online concerts",
      "Virtual networking",
      "Online classes",
    ].map(t),
  },
  {
    slug: "kids-events",
    label: "Kids",
    blurb: "Workshops, games and shows for children and families.",
    types: [
      "Workshops",
      "Games and activities",
      "Music or performance",
      "Classes",
      "Health and wellness",
      "Travel and outdoors",
      "Others",
    ].map(t),
  },
];

const bySlug = new Map(CATEGORIES.map((c) => [c.slug, c]));

export function findCategory(slug: string): CategoryDef | undefined {
  return bySlug.get(slug);
}

/** Every type slug once, with its label and the categories it appears in. */
export const EVENT_TYPES: readonly (EventTypeDef & { categories: readonly string[] })[] = (() => {
  const types = new Map<string, EventTypeDef & { categories: string[] }>();
  for (const c of CATEGORIES) {
    for (const type of c.types) {
      const entry = types.get(type.slug) ?? { ...type, categories: [] };
      entry.categories.push(c.slug);
      types.set(type.slug, entry);
    }
  }
  return [...types.values()];
})();

const typeBySlug = new Map(EVENT_TYPES.map((type) => [type.slug, type]));

export function findEventType(slug: string): (EventTypeDef & { categories: readonly string[] }) | undefined {
  return typeBySlug.get(slug);
}

/** A type's label for display; an unknown slug is shown as words. */
export function eventTypeLabel(slug: string): string {
  return typeBySlug.get(slug)?.label ?? slug.replace(/-/g, " ").replace(/^./, (c) => c.toUpperCase());
}
