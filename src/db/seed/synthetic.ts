import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { eventTypeLabel } from "~/domain/categories";
import { addDaysYmd, londonWallTimeToUtc, londonYmd } from "../../lib/london-time";
import type { Db } from "../client.server";
import { appMeta, event, ticketType, user, venue } from "../schema";
import { hashString, prng } from "./cover-image";
import { CATEGORIES } from "./demo-data";
import { DEMO_SEED_KEY, slugify } from "./seed-demo";

/**
 * Synthetic events for benchmarks that look like a real marketplace at scale: many hosts, many
 * venues across UK towns, and varied names, so searching and filtering meet the selectivity real
 * data has (not 100,000 copies of sixty names at sixteen venues). Descriptions, timings and
 * ticket shapes come from the demo events of the same category; covers are the demo covers.
 */

/** Towns with a town-centre point (4 decimals); venues are scattered a few streets around it. */
const TOWNS: readonly [string, number, number][] = [
  ["London", 51.5072, -0.1276],
  ["Birmingham", 52.4862, -1.8904],
  ["Manchester", 53.4808, -2.2426],
  ["Leeds", 53.8008, -1.5491],
  ["Glasgow", 55.8642, -4.2518],
  ["Liverpool", 53.4084, -2.9916],
  ["Bristol", 51.4545, -2.5879],
  ["Sheffield", 53.3811, -1.4701],
  ["Edinburgh", 55.9533, -3.1883],
  ["Cardiff", 51.4816, -3.1791],
  ["Leicester", 52.6369, -1.1398],
  ["Nottingham", 52.9548, -1.1581],
  ["Newcastle", 54.9783, -1.6178],
  ["Brighton", 50.8225, -0.1372],
  ["Southampton", 50.9097, -1.4044],
  ["Portsmouth", 50.8198, -1.088],
  ["Plymouth", 50.3755, -4.1427],
  ["Norwich", 52.6309, 1.2974],
  ["Oxford", 51.752, -1.2577],
  ["Cambridge", 52.2053, 0.1218],
  ["York", 53.96, -1.0873],
  ["Bath", 51.3811, -2.359],
  ["Exeter", 50.7184, -3.5339],
  ["Derby", 52.9225, -1.4746],
  ["Coventry", 52.4068, -1.5197],
  ["Hull", 53.7676, -0.3274],
  ["Stoke-on-Trent", 53.0027, -2.1794],
  ["Wolverhampton", 52.5862, -2.1288],
  ["Swansea", 51.6214, -3.9436],
  ["Aberdeen", 57.1497, -2.0943],
  ["Dundee", 56.462, -2.9707],
  ["Inverness", 57.4778, -4.2247],
  ["Belfast", 54.5973, -5.9301],
  ["Preston", 53.7632, -2.7031],
  ["Blackpool", 53.8175, -3.0357],
  ["Bournemouth", 50.7192, -1.8808],
  ["Reading", 51.4543, -0.9781],
  ["Milton Keynes", 52.0406, -0.7594],
  ["Northampton", 52.2405, -0.9027],
  ["Ipswich", 52.0567, 1.1482],
  ["Colchester", 51.8959, 0.8919],
  ["Canterbury", 51.2802, 1.0789],
  ["Gloucester", 51.8642, -2.2382],
  ["Cheltenham", 51.8994, -2.0783],
  ["Worcester", 52.192, -2.22],
  ["Lincoln", 53.2307, -0.5406],
  ["Carlisle", 54.8925, -2.9329],
  ["Lancaster", 54.0466, -2.8007],
  ["Huddersfield", 53.6458, -1.785],
  ["Bradford", 53.795, -1.7594],
  ["Sunderland", 54.9069, -1.3838],
  ["Middlesbrough", 54.5742, -1.235],
];

const PUB_WORDS = [
  "Red Lion",
  "Crown",
  "Royal Oak",
  "White Hart",
  "Swan",
  "Plough",
  "Bell",
  "Fox and Hounds",
  "Kings Arms",
  "Railway",
  "Black Horse",
  "Rose and Crown",
  "George",
  "Anchor",
  "Wheatsheaf",
  "Feathers",
];
const HALL_WORDS = [
  "Arts Centre",
  "Community Hall",
  "Social Club",
  "Corn Exchange",
  "Assembly Rooms",
  "Library",
  "Town Hall",
  "Working Men's Club",
  "Brewery Tap",
  "Playhouse",
  "Old Fire Station",
  "Guildhall",
  "Boathouse",
  "Mill",
];
const STREETS = [
  "High Street",
  "Market Place",
  "Church Street",
  "Station Road",
  "Mill Lane",
  "Bridge Street",
  "King Street",
  "Queen Street",
  "Park Road",
  "Victoria Road",
];
const HOST_WORDS = [
  "Collective",
  "Promotions",
  "Nights",
  "Social",
  "Society",
  "Live",
  "Events",
  "Club",
  "Sessions",
  "Presents",
];
const HOST_THEMES = [
  "Sound",
  "Comedy",
  "Quiz",
  "Folk",
  "Arts",
  "Community",
  "Makers",
  "Supper",
  "Running",
  "Jazz",
  "Film",
  "Family",
];
const FIRST = [
  "Amara",
  "Ben",
  "Chloe",
  "Dev",
  "Ellie",
  "Femi",
  "Grace",
  "Harry",
  "Isla",
  "Jack",
  "Kiran",
  "Lucy",
  "Mo",
  "Niamh",
  "Owen",
  "Priya",
  "Rhys",
  "Sophie",
  "Tom",
  "Zara",
];
const LAST = [
  "Ahmed",
  "Brown",
  "Campbell",
  "Davies",
  "Evans",
  "Fraser",
  "Green",
  "Hughes",
  "Iqbal",
  "Jones",
  "Kaur",
  "Lewis",
  "Murphy",
  "Nwosu",
  "Owens",
  "Patel",
  "Roberts",
  "Smith",
  "Taylor",
  "Walsh",
];
const FLAVOURS = [
  "Late",
  "Big",
  "Little",
  "Grand",
  "Cosy",
  "Wild",
  "Sunday Best",
  "Open House",
  "Homegrown",
  "Fresh",
  "Old School",
  "Neighbourhood",
  "Midsummer",
  "Winter",
  "Northern",
  "Southern",
];

const pick = <T>(list: readonly T[], rand: () => number): T => list[Math.floor(rand() * list.length)]!;
const DAY = 86_400_000;
const MINUTE = 60_000;
const BATCH = 500;

/** One synthetic event name: a flavour, the kind of night, and often where or which edition. */
function eventName(typeLabel: string, venueName: string, town: string, n: number, rand: () => number): string {
  const kind = typeLabel.replace(/s$/, "");
  switch (n % 4) {
    case 0:
      return `${pick(FLAVOURS, rand)} ${kind} at ${venueName}`;
    case 1:
      return `${town} ${kind} Night`;
    case 2:
      return `${pick(FLAVOURS, rand)} ${kind}: Vol. ${1 + Math.floor(rand() * 60)}`;
    default:
      return `${venueName} ${kind}`;
  }
}

/**
 * Adds `count` published, public events over the next 365 days. Hosts and venues are created
 * to match: about one venue per 40 events and one host per 250, scattered over UK towns.
 */
export async function seedSyntheticEvents(db: Db, opts: { now: Date; count: number }): Promise<number> {
  const [marker] = await db.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, DEMO_SEED_KEY));
  if (!marker) throw new Error("Synthetic events need the demo data: seed it first (npm run db:seed).");
  const rand = prng(hashString(`${opts.now.toISOString()}:${opts.count}`));
  // Unique per run, so a second run never collides with the first's slugs or emails.
  const tag = randomUUID().slice(0, 6);

  // Each category's demo covers, to share with its synthetic events.
  const covers = await db
    .select({ category: event.category, image: sql<string | null>`${event.images}[1]` })
    .from(event)
    .where(and(eq(event.status, "published"), sql`cardinality(${event.images}) > 0`));
  const coversOf = (category: string) => covers.filter((c) => c.category === category && c.image).map((c) => c.image!);

  // Hosts and their venues.
  const hostCount = Math.max(3, Math.ceil(opts.count / 250));
  const hosts = Array.from({ length: hostCount }, (_, i) => {
    const [town] = TOWNS[i % TOWNS.length]!;
    const first = pick(FIRST, rand);
    const last = pick(LAST, rand);
    return {
      id: `synthetic-${tag}-${i}`,
      name: `${first} ${last}`,
      firstName: first,
      lastName: last,
      hostTitle: `${town} ${pick(HOST_THEMES, rand)} ${pick(HOST_WORDS, rand)}`,
      email: `host-${tag}-${i}@synthetic.ticketyboo.test`,
      userType: "host" as const,
      emailVerified: true,
      town: i % TOWNS.length,
    };
  });
  for (let i = 0; i < hosts.length; i += BATCH)
    await db.insert(user).values(hosts.slice(i, i + BATCH).map(({ town: _town, ...h }) => h));

  const venueCount = Math.max(16, Math.ceil(opts.count / 40));
  const venuePlans = Array.from({ length: venueCount }, (_, i) => {
    const host = hosts[i % hosts.length]!;
    const [town, lat, lng] = TOWNS[(host.town + Math.floor(i / hosts.length)) % TOWNS.length]!;
    const name = rand() < 0.55 ? `The ${pick(PUB_WORDS, rand)}` : `${town} ${pick(HALL_WORDS, rand)}`;
    const street = `${1 + Math.floor(rand() * 180)} ${pick(STREETS, rand)}`;
    const letter = () => String.fromCharCode(65 + Math.floor(rand() * 26));
    const postcode =
      `${town.slice(0, 2).toUpperCase()}${1 + Math.floor(rand() * 20)} ` +
      `${1 + Math.floor(rand() * 9)}${letter()}${letter()}`;
    return {
      hostId: host.id,
      name,
      addressLine1: street,
      city: town,
      postcode,
      formattedAddress: `${street}, ${town} ${postcode}`,
      lat: Math.round((lat + (rand() - 0.5) * 0.06) * 10_000) / 10_000,
      lng: Math.round((lng + (rand() - 0.5) * 0.09) * 10_000) / 10_000,
    };
  });
  const venues: { id: string; name: string; city: string; hostId: string }[] = [];
  for (let i = 0; i < venuePlans.length; i += BATCH) {
    venues.push(
      ...(await db
        .insert(venue)
        .values(venuePlans.slice(i, i + BATCH))
        .returning({ id: venue.id, name: venue.name, city: venue.city, hostId: venue.hostId })),
    );
  }

  // Templates: every public demo event, interleaved by category so any count covers all twelve.
  const templates = [0, 1, 2, 3, 4].flatMap((i) =>
    CATEGORIES.flatMap((c) => {
      const e = c.events[i];
      return e && !["draft", "cancelled", "private"].includes(e.scenario)
        ? [{ e, category: c.slug, label: c.label }]
        : [];
    }),
  );
  const today = londonYmd(opts.now);
  let added = 0;
  while (added < opts.count) {
    const planned = Array.from({ length: Math.min(BATCH, opts.count - added) }, (_, i) => {
      const n = added + i;
      const { e, category, label } = templates[n % templates.length]!;
      const place = e.venue === null ? null : venues[Math.floor(rand() * venues.length)]!;
      const hostId = place ? place.hostId : hosts[n % hosts.length]!.id;
      const startsAt = londonWallTimeToUtc(addDaysYmd(today, 1 + Math.floor(rand() * 365)), e.time);
      const publishedAt = new Date(opts.now.getTime() - (1 + Math.floor(rand() * 120)) * DAY);
      const pictures = coversOf(category);
      const name = place
        ? eventName(eventTypeLabel(e.eventType), place.name, place.city, n, rand)
        : `${pick(FLAVOURS, rand)} ${e.name}`;
      return {
        row: {
          slug: `${slugify(name).slice(0, 60)}-${tag}${n.toString(36)}`,
          name,
          summary: e.summary,
          description: e.description,
          category,
          eventType: e.eventType,
          images: pictures.length ? [pictures[n % pictures.length]!] : [],
          tags: [label.toLowerCase(), e.eventType.replace(/-/g, " "), place ? place.city.toLowerCase() : "online"],
          hostId,
          venueId: place?.id ?? null,
          isOnline: place === null,
          startsAt,
          endsAt: new Date(startsAt.getTime() + e.minutes * MINUTE),
          status: "published" as const,
          lastPublishedAt: publishedAt,
          createdAt: publishedAt,
          updatedAt: publishedAt,
        },
        tickets: e.tickets.map((t, sortOrder) => ({
          name: t.name,
          description: t.description ?? null,
          pricePence: t.pricePence,
          payWhatYouWish: t.payWhatYouWish ?? false,
          capacity: t.capacity,
          sold: Math.floor(t.capacity * rand() * 0.6),
          sortOrder,
        })),
      };
    });

    // A batch lands whole or not at all, so no event is ever left without its tickets.
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(event)
        .values(planned.map((p) => p.row))
        .returning({ id: event.id, slug: event.slug });
      const idOf = new Map(inserted.map((r) => [r.slug, r.id]));
      const ticketRows = planned.flatMap((p) => p.tickets.map((t) => ({ ...t, eventId: idOf.get(p.row.slug)! })));
      for (let i = 0; i < ticketRows.length; i += BATCH)
        await tx.insert(ticketType).values(ticketRows.slice(i, i + BATCH));
    });
    added += planned.length;
  }
  return added;
}
