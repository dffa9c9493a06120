import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { eq, sql } from "drizzle-orm";
import { addDaysYmd, londonWallTimeToUtc, londonYmd } from "~/lib/london-time";
import type { Db } from "../client.server";
import { account, alert, appMeta, event, featureFlag, ticketType, user, venue } from "../schema";
import { hashString, prng, renderAvatar, renderCoverImage } from "./cover-image";
import { CATEGORIES, VENUES, type EventSeed } from "./demo-data";

export interface SeedStorage {
  save(key: string, data: Buffer, contentType: string): Promise<void>;
}

export const DEMO_SEED_KEY = "seed:demo";
export const DEMO_PASSWORD = "ticketyboo";

const ACCOUNTS = [
  { key: "buyer", email: "buyer@ticketyboo.test", firstName: "Bea", lastName: "Buyer", userType: "buyer" as const },
  {
    key: "host",
    email: "host@ticketyboo.test",
    firstName: "Harriet",
    lastName: "Host",
    userType: "host" as const,
    hostTitle: "The Crown Collective",
    username: "thecrowncollective",
    isVerified: true,
    bio: "We run quiz nights, gigs and workshops in pubs and small venues across the UK.",
  },
  {
    key: "host2",
    email: "host2@ticketyboo.test",
    firstName: "Nadia",
    lastName: "Okafor",
    userType: "host" as const,
    hostTitle: "Northern Sparks",
    username: "northernsparks",
    isVerified: false,
    bio: "Community nights, fundraisers and dance floors in the north of England.",
  },
];

function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Start and end of a demo event relative to `now`, in London wall-clock terms. */
function schedule(e: EventSeed, now: Date): { startsAt: Date; endsAt: Date } {
  const today = londonYmd(now);
  const minutes = e.minutes * 60_000;
  if (e.scenario === "today") {
    let startsAt = londonWallTimeToUtc(today, e.time);
    // Keep "later today" true whenever the seed runs: start in an hour if the usual time has passed.
    if (startsAt.getTime() < now.getTime() + 30 * 60_000) startsAt = new Date(Math.ceil((now.getTime() + 3_600_000) / 900_000) * 900_000);
    return { startsAt, endsAt: new Date(startsAt.getTime() + minutes) };
  }
  if (e.scenario === "today-ended") {
    let startsAt = londonWallTimeToUtc(today, e.time);
    if (startsAt.getTime() + minutes > now.getTime()) startsAt = new Date(now.getTime() - minutes - 3_600_000);
    return { startsAt, endsAt: new Date(startsAt.getTime() + minutes) };
  }
  const startsAt = londonWallTimeToUtc(addDaysYmd(today, e.day), e.time);
  return { startsAt, endsAt: new Date(startsAt.getTime() + minutes) };
}

/** Ticket types and how many have sold, by scenario. */
function ticketTypesFor(e: EventSeed, rand: () => number) {
  const share =
    e.scenario === "sold-out"
      ? 1
      : e.scenario === "nearly-sold-out"
        ? 0.85 + rand() * 0.1
        : e.scenario === "past" || e.scenario === "today-ended"
          ? 0.6 + rand() * 0.3
          : e.scenario === "draft" || e.scenario === "cancelled"
            ? 0
            : 0.1 + rand() * 0.45;
  const types: { name: string; pricePence: number; capacity: number; payWhatYouWish?: boolean; kind?: "general" | "private"; description?: string }[] = [];
  if (e.pricePence > 0 && !e.payWhatYouWish && e.capacity >= 60) {
    const early = Math.round(e.capacity * 0.2);
    types.push({ name: "Early bird", pricePence: Math.round((e.pricePence * 0.8) / 50) * 50, capacity: early, description: "Limited release" });
    types.push({ name: "General admission", pricePence: e.pricePence, capacity: e.capacity - early });
  } else {
    types.push({
      name: e.payWhatYouWish ? "Pay what you wish" : e.pricePence === 0 ? "Free ticket" : "Ticket",
      pricePence: e.pricePence,
      capacity: e.capacity,
      payWhatYouWish: e.payWhatYouWish,
      description: e.payWhatYouWish ? "Pay the minimum or more: it all helps." : undefined,
    });
  }
  if (e.scenario === "upcoming" && e.pricePence > 0 && e.capacity >= 100) {
    types.push({ name: "Crew and friends", pricePence: Math.round(e.pricePence / 2), capacity: 10, kind: "private", description: "Unlocked with a code from the host" });
  }
  return types.map((t, i) => {
    // Early birds go first: sold out unless nothing sells at all.
    const sold = share === 0 ? 0 : t.name === "Early bird" ? t.capacity : Math.min(t.capacity, Math.round(t.capacity * share));
    return { ...t, sold, sortOrder: i };
  });
}

/**
 * Seeds the demo (accounts, venues, sixty events, an alert, feature flags) once. Returns false when
 * the demo is already there. Everything lands in one transaction with its marker row, so a crash
 * leaves nothing half-seeded and a second instance finds the marker.
 */
export async function seedDemoIfEmpty(db: Db, opts: { now: Date; storage: SeedStorage }): Promise<boolean> {
  const [existing] = await db.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, DEMO_SEED_KEY));
  if (existing) return false;
  const { now, storage } = opts;
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const users = ACCOUNTS.map((a) => ({ ...a, id: randomUUID(), image: `seed/users/${a.key}.jpg` }));
  await Promise.all(
    users.map(async (u) =>
      storage.save(u.image, await renderAvatar({ initials: `${u.firstName[0]}${u.lastName[0]}`, palette: ["#c8175f", "#5b21b6"] }), "image/jpeg"),
    ),
  );

  const events = CATEGORIES.flatMap((category) =>
    category.events.map((e) => ({ ...e, category, slug: `${slugify(e.name)}-${(hashString(e.name) % 1296).toString(36).padStart(2, "0")}` })),
  );
  for (const e of events) {
    await storage.save(`seed/events/${e.slug}.jpg`, await renderCoverImage({ title: e.name, palette: e.category.palette, seed: e.slug }), "image/jpeg");
  }

  const rand = prng(hashString(londonYmd(now)));
  return db.transaction(async (tx) => {
    await tx.insert(user).values(
      users.map((u) => ({
        id: u.id,
        name: `${u.firstName} ${u.lastName}`,
        email: u.email,
        emailVerified: true,
        image: `/media/${u.image}`,
        userType: u.userType,
        username: u.username ?? null,
        firstName: u.firstName,
        lastName: u.lastName,
        hostTitle: u.hostTitle ?? null,
        bio: u.bio ?? null,
        isVerified: u.isVerified ?? false,
      })),
    );
    await tx.insert(account).values(users.map((u) => ({ id: randomUUID(), accountId: u.id, providerId: "credential", userId: u.id, password: passwordHash })));
    const hostId = (key: "host" | "host2") => users.find((u) => u.key === key)!.id;

    const venues = await tx
      .insert(venue)
      .values(
        VENUES.map((v, i) => ({
          ...v,
          hostId: hostId(i % 3 === 2 ? "host2" : "host"),
          formattedAddress: `${v.addressLine1}, ${v.city} ${v.postcode}`,
          seatRows: v.seatRows ?? null,
          seatColumns: v.seatColumns ?? null,
        })),
      )
      .returning({ id: venue.id });

    for (const e of events) {
      const { startsAt, endsAt } = schedule(e, now);
      const publishedDaysAgo = 3 + Math.floor(rand() * 110);
      const [row] = await tx
        .insert(event)
        .values({
          slug: e.slug,
          name: e.name,
          summary: e.summary,
          description: `${e.summary}\n\n${describe(e.category.label, e)}`,
          category: e.category.slug,
          eventType: e.eventType,
          images: [`seed/events/${e.slug}.jpg`],
          tags: [e.category.label.toLowerCase(), e.eventType.replace(/-/g, " ")],
          hostId: hostId(e.host),
          venueId: e.venue === "online" ? null : venues[e.venue]!.id,
          isOnline: e.venue === "online",
          startsAt,
          endsAt,
          status: e.scenario === "draft" ? "draft" : "published",
          isPrivate: e.scenario === "private",
          isCancelled: e.scenario === "cancelled",
          lastPublishedAt: e.scenario === "draft" ? null : new Date(now.getTime() - publishedDaysAgo * 86_400_000),
        })
        .returning({ id: event.id });
      await tx.insert(ticketType).values(
        ticketTypesFor(e, rand).map((t) => ({
          eventId: row!.id,
          name: t.name,
          description: t.description ?? null,
          kind: t.kind ?? "general",
          pricePence: t.pricePence,
          payWhatYouWish: t.payWhatYouWish ?? false,
          capacity: t.capacity,
          sold: t.sold,
          sortOrder: t.sortOrder,
        })),
      );
    }

    await tx.insert(alert).values({
      heading: "Welcome to Ticketyboo",
      description: "This is a demo: log in as buyer@ticketyboo.test or host@ticketyboo.test with the password ticketyboo to look around.",
      savedAt: now,
    });
    await tx
      .insert(featureFlag)
      .values([
        { key: "explore-map", enabled: true, isPublic: true, description: "Map view on /explore" },
        { key: "waitlists", enabled: true, isPublic: true, description: "Join a waitlist when an event sells out" },
        { key: "ai-description-helper", enabled: false, isPublic: false, description: "Event description suggestions from a language model" },
      ])
      .onConflictDoNothing();
    const inserted = await tx
      .insert(appMeta)
      .values({ key: DEMO_SEED_KEY, value: sql`${JSON.stringify({ seededAt: now.toISOString() })}::jsonb` })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    // Another writer seeded first (only possible without the start-up lock): undo ours.
    if (inserted.length === 0) tx.rollback();
    return true;
  }).catch((error: unknown) => {
    if (error instanceof Error && error.message.includes("Rollback")) return false;
    throw error;
  });
}

function describe(label: string, e: EventSeed): string {
  const where = e.venue === "online" ? "Join from anywhere: the link arrives with your ticket." : `Doors open 30 minutes before the start.`;
  return `A ${label.toLowerCase()} event from a grassroots host. ${where} The price you see includes the booking fee, so there are no surprises at checkout.`;
}

/**
 * Adds `count` synthetic published events (for benchmarks), spread over the categories, the demo
 * venues and the next year. Needs the demo seed.
 */
export async function seedSyntheticEvents(db: Db, opts: { now: Date; count: number; storage?: SeedStorage }): Promise<number> {
  const hosts = await db.select({ id: user.id }).from(user).where(eq(user.userType, "host"));
  const venues = await db.select({ id: venue.id }).from(venue);
  if (hosts.length === 0 || venues.length === 0) throw new Error("Seed the demo first (npm run db:seed), then add synthetic events.");
  const rand = prng(opts.count ^ hashString(opts.now.toISOString()));
  const image = "seed/events/synthetic.jpg";
  if (opts.storage) await opts.storage.save(image, await renderCoverImage({ title: "Synthetic event", palette: ["#334155", "#c8175f"], seed: "synthetic" }), "image/jpeg");
  const batchTag = Math.floor(rand() * 36 ** 4).toString(36);
  let added = 0;
  while (added < opts.count) {
    const size = Math.min(500, opts.count - added);
    const rows = Array.from({ length: size }, (_, i) => {
      const n = added + i;
      const category = CATEGORIES[n % CATEGORIES.length]!;
      const template = category.events[n % 5]!;
      const startsAt = new Date(opts.now.getTime() + (1 + Math.floor(rand() * 365)) * 86_400_000);
      return {
        slug: `synthetic-${batchTag}-${n}`,
        name: `${template.name} #${n + 1}`,
        summary: template.summary,
        description: template.summary,
        category: category.slug,
        eventType: template.eventType,
        images: [image],
        hostId: hosts[n % hosts.length]!.id,
        venueId: venues[n % venues.length]!.id,
        startsAt,
        endsAt: new Date(startsAt.getTime() + template.minutes * 60_000),
        status: "published" as const,
        lastPublishedAt: opts.now,
      };
    });
    const inserted = await db.insert(event).values(rows).returning({ id: event.id });
    await db.insert(ticketType).values(
      inserted.map((r) => ({ eventId: r.id, name: "Ticket", pricePence: Math.floor(rand() * 30) * 100, capacity: 100, sold: Math.floor(rand() * 100) })),
    );
    added += size;
  }
  return added;
}
