import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { TransactionRollbackError, and, asc, eq, inArray, ne } from "drizzle-orm";
import { platformFeeOf } from "../../domain/pricing";
import { addDaysYmd, londonWallTimeToUtc, londonYmd } from "../../lib/london-time";
import type { Db } from "../client.server";
import {
  account,
  alert,
  appMeta,
  cancellationRequest,
  contentPost,
  discount,
  event,
  featureFlag,
  hostFollow,
  order,
  orderLine,
  seatClaim,
  ticket,
  ticketType,
  user,
  venue,
  venueSeatMark,
  venueSeatSection,
  waitlistEntry,
} from "../schema";
import { hashString, prng, renderAvatar, renderCoverImage } from "./cover-image";
import {
  CATEGORIES,
  DEMO_DISCOUNTS,
  VENUES,
  type EventSeed,
  type HostKey,
  type Scenario,
  type SeatSectionSeed,
  type TicketSeed,
} from "./demo-data";
import { DEMO_POSTS } from "./demo-content";
import { crowdEmail, DEMO_CROWD, planDemoOrders, priceDemoOrder } from "./demo-orders";
import { seedTrackingLinks } from "./demo-tracking-links";

/** Signs a ticket's code (the app's ticket codes satisfy this), so seeded tickets scan like bought ones. */
export type TicketSigner = (eventId: string, ticketId: string) => Promise<string>;

/** Where generated images go (the app's file storage satisfies this). */
export interface SeedStorage {
  save(key: string, data: Buffer, contentType: string): Promise<void>;
}

/** The app_meta key whose presence means the demo has been seeded. */
export const DEMO_SEED_KEY = "seed:demo";
export const DEMO_PASSWORD = "ticketyboo";

export const DEMO_ACCOUNTS = [
  { key: "buyer", email: "buyer@ticketyboo.test", firstName: "Bea", lastName: "Buyer", userType: "buyer" },
  {
    key: "host",
    email: "host@ticketyboo.test",
    firstName: "Harriet",
    lastName: "Host",
    userType: "host",
    hostTitle: "The Crown Collective",
    username: "thecrowncollective",
    isVerified: true,
    bio:
      "We run quiz nights, gigs, workshops and fundraisers in pubs, parks and small venues across the UK. " +
      "Everyone is welcome, and the price you see is the price you pay.",
  },
  {
    key: "host2",
    email: "host2@ticketyboo.test",
    firstName: "Nadia",
    lastName: "Okafor",
    userType: "host",
    hostTitle: "Northern Sparks",
    username: "northernsparks",
    isVerified: false,
    bio: "Community nights, fundraisers and dance floors across the north of England.",
  },
  // Ticketyboo staff: sees staff-only pages such as /staff/emails (emails that did not go out).
  {
    key: "staff",
    email: "staff@ticketyboo.test",
    firstName: "Sam",
    lastName: "Staff",
    userType: "buyer",
    isStaff: true,
  },
  // A second buyer: someone to send a ticket to, or to wait in line for a sold-out show.
  { key: "friend", email: "friend@ticketyboo.test", firstName: "Femi", lastName: "Friend", userType: "buyer" },
] as const satisfies readonly {
  key: "buyer" | "staff" | "friend" | HostKey;
  email: string;
  firstName: string;
  lastName: string;
  userType: "buyer" | "host";
  hostTitle?: string;
  username?: string;
  isVerified?: boolean;
  isStaff?: boolean;
  bio?: string;
}[];

const MINUTE = 60_000;
const QUARTER = 15 * MINUTE;
const DAY = 86_400_000;

export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** The demo slug: the name plus a short stable suffix, so a host's own "Pub Quiz" never collides with ours. */
export function demoSlug(category: string, name: string): string {
  return `${slugify(name)}-${hashString(`${category}:${name}`).toString(36).slice(0, 4)}`;
}

const coverKey = (slug: string) => `seed/events/${slug}.jpg`;

/* ---------- Planning: pure, deterministic for a given `now` ---------- */

export interface PlannedTicket extends TicketSeed {
  sold: number;
}

export interface PlannedEvent {
  template: EventSeed;
  category: string;
  categoryLabel: string;
  slug: string;
  imageKey: string;
  startsAt: Date;
  endsAt: Date;
  createdAt: Date;
  lastPublishedAt: Date | null;
  tickets: PlannedTicket[];
  /** The venue's seat plan, for a seated event, with its sections (a ticket's `section` names one). */
  seated: { rows: number; columns: number; sections: SeatSectionSeed[] } | null;
}

/**
 * When a demo event starts and ends. Most follow their template (day offset + London wall time),
 * which is right across GMT/BST because the wall time is converted on the event's own date.
 * "today" and "ended-today" must hold whenever the seed runs, so they bend when the clock says otherwise.
 */
export function scheduleDemoEvent(
  e: Pick<EventSeed, "day" | "time" | "minutes" | "scenario">,
  now: Date,
): { startsAt: Date; endsAt: Date } {
  const today = londonYmd(now);
  const length = e.minutes * MINUTE;
  const planned = londonWallTimeToUtc(addDaysYmd(today, e.day), e.time).getTime();
  const startOfToday = londonWallTimeToUtc(today, "00:00").getTime();
  const t = now.getTime();

  if (e.scenario === "today" && planned < t + QUARTER) {
    // Too late for its usual time: make it "on now" so tonight's list is never empty.
    const start = Math.max(startOfToday, Math.floor(t / QUARTER) * QUARTER - 2 * QUARTER);
    return { startsAt: new Date(start), endsAt: new Date(Math.max(start + length, t + 30 * MINUTE)) };
  }
  if (e.scenario === "ended-today" && planned + length > t) {
    // Too early for it to have finished: pull it back so it ended on a quarter hour a little while
    // ago, still today (just after midnight that makes it short; at midnight exactly it cannot be done).
    let end = Math.floor(t / QUARTER) * QUARTER - QUARTER;
    if (end <= startOfToday) end = t - (t - startOfToday) / 2;
    const start = Math.max(startOfToday, end - length);
    if (start < end) return { startsAt: new Date(start), endsAt: new Date(end) };
  }
  return { startsAt: new Date(planned), endsAt: new Date(planned + length) };
}

/** Share of each ticket type sold, as a [min, max) range, by scenario. */
const SOLD_SHARE: Record<Scenario, [number, number]> = {
  upcoming: [0.05, 0.6],
  today: [0.4, 0.75],
  "ended-today": [0.6, 0.9],
  past: [0.55, 0.95],
  private: [0.2, 0.6],
  "sold-out": [1, 1],
  "nearly-sold-out": [0.82, 0.95],
  cancelled: [0, 0],
  draft: [0, 0],
};

/** How many of each ticket type have sold. "nearly-sold-out" is judged on the whole event, as the card badge is. */
export function allocateSales(tickets: readonly TicketSeed[], scenario: Scenario, rand: () => number): number[] {
  const capacities = tickets.map((t) => t.capacity);
  const [lo, hi] = SOLD_SHARE[scenario];
  if (scenario !== "nearly-sold-out")
    return capacities.map((c) => Math.min(c, Math.round(c * (lo + rand() * (hi - lo)))));

  const total = capacities.reduce((a, b) => a + b, 0);
  const wanted = Math.round(total * (lo + rand() * (hi - lo)));
  const target = Math.min(total - 1, Math.max(Math.ceil(total * 0.8), wanted));
  const sold = capacities.map((c) => Math.floor((c * target) / total));
  // Flooring leaves a few over; hand them out in order. Terminates because target < total.
  for (let left = target - sold.reduce((a, b) => a + b, 0), i = 0; left > 0; i = (i + 1) % sold.length) {
    if (sold[i]! < capacities[i]!) {
      sold[i]!++;
      left--;
    }
  }
  return sold;
}

/** Every demo event with its dates, slug, image key and sales, computed from `now` alone. */
export function planDemoEvents(now: Date): PlannedEvent[] {
  const today = londonYmd(now);
  return CATEGORIES.flatMap((category) =>
    category.events.map((template) => {
      const slug = demoSlug(category.slug, template.name);
      // One generator per event, so editing one template leaves the others' numbers alone.
      const rand = prng(hashString(`${today}:${slug}`));
      const { startsAt, endsAt } = scheduleDemoEvent(template, now);
      // Published 1–120 days ago, and always before a past event took place.
      const notBefore = Math.max(1, 1 - template.day);
      const publishedDaysAgo = notBefore + Math.floor(rand() * (120 - notBefore));
      const publishedAt = new Date(now.getTime() - publishedDaysAgo * DAY - Math.floor(rand() * 600) * MINUTE);
      const isDraft = template.scenario === "draft";
      const createdAt = new Date(
        (isDraft ? now.getTime() : publishedAt.getTime()) - (1 + Math.floor(rand() * 14)) * DAY,
      );
      const sold = allocateSales(template.tickets, template.scenario, rand);
      return {
        template,
        category: category.slug,
        categoryLabel: category.label,
        slug,
        imageKey: coverKey(slug),
        startsAt,
        endsAt,
        createdAt,
        lastPublishedAt: isDraft ? null : publishedAt,
        tickets: template.tickets.map((t, i) => ({ ...t, sold: sold[i]! })),
        seated: seatPlan(template.venue),
      };
    }),
  );
}

function seatPlan(venueIndex: number | null): PlannedEvent["seated"] {
  const v = venueIndex === null ? undefined : VENUES[venueIndex];
  return v?.seatRows && v.seatColumns ? { rows: v.seatRows, columns: v.seatColumns, sections: v.sections ?? [] } : null;
}

/**
 * Writes the demo's sales (see demo-orders.ts): the crowd's accounts, then every order with its
 * line, its tickets (signed codes, as checkout issues them) and, at seated venues, its seats.
 */
async function seedOrders(
  tx: Db,
  ctx: {
    now: Date;
    events: PlannedEvent[];
    eventId: Map<string, string>;
    typeId: Map<string, string>;
    buyer: { id: string; email: string; firstName: string; lastName: string };
    hostId: (key: HostKey) => string;
    crowdCode: { id: string; code: string; value: number };
    signedUpAt: Date;
    sign: TicketSigner;
  },
) {
  const crowd = DEMO_CROWD.map(([firstName, lastName], i) => ({
    id: randomUUID(),
    name: `${firstName} ${lastName}`,
    email: crowdEmail(firstName, lastName),
    emailVerified: true,
    userType: "buyer" as const,
    firstName,
    lastName,
    // A third of the crowd allow venues they booked with to email them (decision 0040): the demo hosts' audiences.
    marketingVenues: i % 3 === 0,
    createdAt: new Date(ctx.signedUpAt.getTime() + i * DAY),
    updatedAt: new Date(ctx.signedUpAt.getTime() + i * DAY),
  }));
  await tx.insert(user).values(crowd);

  const planned = planDemoOrders(ctx.events, ctx.now, prng(hashString(`orders:${londonYmd(ctx.now)}`)));
  const orders: (typeof order.$inferInsert)[] = [];
  const lines: (typeof orderLine.$inferInsert)[] = [];
  const tickets: (typeof ticket.$inferInsert)[] = [];
  const seats: (typeof seatClaim.$inferInsert)[] = [];
  for (const p of planned) {
    const e = ctx.events[p.event]!;
    const t = e.tickets[p.ticket]!;
    const eventId = ctx.eventId.get(e.slug)!;
    const ticketTypeId = ctx.typeId.get(`${eventId}:${p.ticket}`)!;
    const who = p.buyer.kind === "buyer" ? ctx.buyer : crowd[p.buyer.index]!;
    const name = `${who.firstName} ${who.lastName}`;
    const price = priceDemoOrder(p, ctx.crowdCode.value);
    const orderId = randomUUID();
    orders.push({
      id: orderId,
      reference: p.reference,
      eventId,
      hostId: ctx.hostId(e.template.host),
      userId: who.id,
      buyerEmail: who.email,
      buyerName: name,
      status: price.totalPence === 0 ? "free" : "paid",
      subtotalPence: price.subtotalPence,
      discountPence: price.discountPence,
      bookingFeePence: price.bookingFeePence,
      totalPence: price.totalPence,
      platformFeePence: platformFeeOf(price),
      discountId: p.discounted ? ctx.crowdCode.id : null,
      discountCode: p.discounted ? ctx.crowdCode.code : null,
      provider: price.totalPence === 0 ? null : "test",
      providerPaymentId: price.totalPence === 0 ? null : `seed_${p.reference}`,
      paidAt: price.totalPence === 0 ? null : p.createdAt,
      createdAt: p.createdAt,
    });
    lines.push({ orderId, ticketTypeId, name: t.name, quantity: p.quantity, unitPricePence: p.unitPricePence });
    for (let k = 0; k < p.quantity; k++) {
      const id = randomUUID();
      const seat = p.seats[k];
      tickets.push({
        id,
        orderId,
        eventId,
        ticketTypeId,
        code: await ctx.sign(eventId, id),
        seatRow: seat?.row ?? null,
        seatColumn: seat?.column ?? null,
        holderName: name,
        holderUserId: who.id,
        createdAt: p.createdAt,
      });
      if (seat)
        seats.push({
          eventId,
          seatRow: seat.row,
          seatColumn: seat.column,
          ticketTypeId,
          ticketId: id,
          createdAt: p.createdAt,
        });
    }
  }
  // In chunks: PostgreSQL takes at most 65,535 parameters per statement.
  for (const [table, rows] of [
    [order, orders],
    [orderLine, lines],
    [ticket, tickets],
    [seatClaim, seats],
  ] as const) {
    for (let i = 0; i < rows.length; i += 1000) await tx.insert(table).values(rows.slice(i, i + 1000) as never);
  }
  const discounted = planned.filter((p) => p.discounted).length;
  if (discounted > 0) await tx.update(discount).set({ uses: discounted }).where(eq(discount.id, ctx.crowdCode.id));
}

/**
 * Life after the sale in the demo: people waiting in line for the host's sold-out shows (the demo
 * buyer among them, for one), and a buyer asking the host to cancel a paid order, so the host's
 * tickets page has a request to decide.
 */
async function seedAfterTheSale(
  tx: Db,
  ctx: { now: Date; events: PlannedEvent[]; eventId: Map<string, string>; buyerId: string },
) {
  const soldOut = ctx.events.filter(
    (e) => e.template.scenario === "sold-out" && e.template.host === "host" && e.startsAt > ctx.now,
  );
  const crowd = await tx
    .select({ id: user.id })
    .from(user)
    .where(
      inArray(
        user.email,
        DEMO_CROWD.map(([f, l]) => crowdEmail(f, l)),
      ),
    )
    .orderBy(asc(user.email));
  const entries: (typeof waitlistEntry.$inferInsert)[] = [];
  soldOut.slice(0, 2).forEach((e, i) => {
    const waiting = crowd.slice(i * 3, i * 3 + 3).map((c) => c.id);
    if (i === 0) waiting.push(ctx.buyerId);
    waiting.forEach((userId, k) => {
      const at = new Date(ctx.now.getTime() - (waiting.length - k) * 3_600_000);
      entries.push({ eventId: ctx.eventId.get(e.slug)!, userId, quantity: 1 + (k % 2), createdAt: at, updatedAt: at });
    });
  });
  if (entries.length > 0) {
    await tx.insert(waitlistEntry).values(entries);
    await tx
      .update(user)
      .set({ waitlistRequest: true })
      .where(inArray(user.id, [...new Set(entries.map((e) => e.userId))]));
  }

  // The first paid crowd order for one of the host's upcoming events asks to be cancelled.
  const upcoming = ctx.events
    .filter((e) => e.template.host === "host" && e.template.scenario === "upcoming")
    .map((e) => ctx.eventId.get(e.slug)!);
  const [asking] = await tx
    .select({ id: order.id, createdAt: order.createdAt })
    .from(order)
    .where(and(inArray(order.eventId, upcoming), eq(order.status, "paid"), ne(order.userId, ctx.buyerId)))
    .orderBy(asc(order.createdAt))
    .limit(1);
  if (asking) {
    await tx.insert(cancellationRequest).values({
      orderId: asking.id,
      requestedBy: null,
      reason: "Sorry, a family wedding has come up on the same day.",
      createdAt: new Date(ctx.now.getTime() - 2 * 3_600_000),
    });
  }
}

/** Runs `fn` over `items`, at most `limit` at a time (sharp renders on a small thread pool). */
async function forEachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/* ---------- Writing ---------- */

/**
 * Seeds the demo (five accounts, venues, sixty events and their orders, waitlists, staff-written
 * posts and help articles, a welcome alert, feature flags) into an
 * empty database, and returns false if it is already there. Images are stored first (saving the
 * same key twice is harmless); everything in the database lands in one transaction whose first
 * write is the marker row, so a crash leaves nothing half-seeded and a concurrent seeder waits on
 * that row, then finds it and backs out.
 */
export async function seedDemoIfEmpty(
  db: Db,
  opts: { now: Date; storage: SeedStorage; sign: TicketSigner },
): Promise<boolean> {
  const [existing] = await db.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, DEMO_SEED_KEY));
  if (existing) return false;
  const { now, storage } = opts;

  const users = DEMO_ACCOUNTS.map((a) => {
    const id = randomUUID();
    return { ...a, id, imageKey: `seed/users/${id}.jpg` };
  });
  const events = planDemoEvents(now);
  await forEachLimited(users, 3, async (u) => {
    await storage.save(
      u.imageKey,
      await renderAvatar({ initials: `${u.firstName[0]}${u.lastName[0]}`, seed: u.email }),
      "image/jpeg",
    );
  });
  await forEachLimited(events, 4, async (e) => {
    await storage.save(
      e.imageKey,
      await renderCoverImage({ title: e.template.name, category: e.category, seed: e.slug }),
      "image/jpeg",
    );
  });
  // The staff-written posts' header pictures, drawn like the events' covers.
  const postPictureKey = (slug: string) => `seed/content/${slug}.jpg`;
  await forEachLimited(
    DEMO_POSTS.filter((p) => p.picture),
    4,
    async (p) => {
      await storage.save(
        postPictureKey(p.slug),
        await renderCoverImage({ title: p.title, category: p.picture!, seed: `content:${p.slug}` }),
        "image/jpeg",
      );
    },
  );
  // One hash for every account: scrypt is deliberately slow, and the password is the same.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const userId = (key: string) => users.find((u) => u.key === key)!.id;
  const signedUpAt = new Date(now.getTime() - 200 * DAY);

  try {
    await db.transaction(async (tx) => {
      const marked = await tx
        .insert(appMeta)
        .values({ key: DEMO_SEED_KEY, value: { seededAt: now.toISOString() } })
        .onConflictDoNothing()
        .returning({ key: appMeta.key });
      if (marked.length === 0) tx.rollback();

      await tx.insert(user).values(
        users.map((u) => ({
          id: u.id,
          name: `${u.firstName} ${u.lastName}`,
          email: u.email,
          emailVerified: true,
          // better-auth treats `image` as a URL; /media serves stored keys.
          image: `/media/${u.imageKey}`,
          userType: u.userType,
          username: "username" in u ? u.username : null,
          firstName: u.firstName,
          lastName: u.lastName,
          hostTitle: "hostTitle" in u ? u.hostTitle : null,
          bio: "bio" in u ? u.bio : null,
          isVerified: "isVerified" in u ? u.isVerified : false,
          isStaff: "isStaff" in u ? u.isStaff : false,
          createdAt: signedUpAt,
          updatedAt: signedUpAt,
        })),
      );
      await tx.insert(account).values(
        users.map((u) => ({
          id: randomUUID(),
          accountId: u.id,
          providerId: "credential",
          userId: u.id,
          password: passwordHash,
          createdAt: signedUpAt,
          updatedAt: signedUpAt,
        })),
      );
      // The demo buyer follows The Crown Collective: their dashboard shows its next events.
      await tx.insert(hostFollow).values({
        userId: userId("buyer"),
        hostId: userId("host"),
        createdAt: new Date(signedUpAt.getTime() + 7 * DAY),
      });

      const venueRows = await tx
        .insert(venue)
        .values(
          VENUES.map((v) => ({
            hostId: userId(v.host),
            name: v.name,
            addressLine1: v.addressLine1,
            city: v.city,
            postcode: v.postcode,
            capacity: v.capacity,
            formattedAddress: `${v.addressLine1}, ${v.city} ${v.postcode}`,
            lat: v.lat,
            lng: v.lng,
            seatRows: v.seatRows ?? null,
            seatColumns: v.seatColumns ?? null,
            createdAt: new Date(signedUpAt.getTime() + 2 * DAY),
          })),
        )
        .returning({ id: venue.id, name: venue.name });
      // Match by name rather than trusting RETURNING order.
      const venueId = (index: number) => venueRows.find((r) => r.name === VENUES[index]!.name)!.id;
      const sectionRows = VENUES.some((v) => v.sections?.length)
        ? await tx
            .insert(venueSeatSection)
            .values(
              VENUES.flatMap((v, i) =>
                (v.sections ?? []).map((sec, order) => ({ venueId: venueId(i), sortOrder: order, ...sec })),
              ),
            )
            .returning({ id: venueSeatSection.id, venueId: venueSeatSection.venueId, name: venueSeatSection.name })
        : [];
      const marks = VENUES.flatMap((v, i) =>
        (v.marks ?? []).map((m) => ({ venueId: venueId(i), seatRow: m.row, seatColumn: m.column, kind: m.kind })),
      );
      if (marks.length > 0) await tx.insert(venueSeatMark).values(marks);
      const sectionId = (venueIndex: number | null, name: string | undefined) =>
        venueIndex === null || !name
          ? null
          : (sectionRows.find((r) => r.venueId === venueId(venueIndex) && r.name === name)?.id ?? null);

      const eventRows = await tx
        .insert(event)
        .values(
          events.map((e) => {
            const t = e.template;
            const city = t.venue === null ? null : VENUES[t.venue]!.city;
            return {
              slug: e.slug,
              name: t.name,
              summary: t.summary,
              description: t.description,
              category: e.category,
              eventType: t.eventType,
              images: [e.imageKey],
              tags: [
                e.categoryLabel.toLowerCase(),
                t.eventType.replace(/-/g, " "),
                ...(city ? [city.toLowerCase()] : ["online"]),
              ],
              hostId: userId(t.host),
              venueId: t.venue === null ? null : venueId(t.venue),
              isOnline: t.venue === null,
              // The link ticket holders join by (example.com: a name that never reaches anyone).
              onlineUrl: t.venue === null ? `https://meet.example.com/${e.slug}` : null,
              startsAt: e.startsAt,
              endsAt: e.endsAt,
              status: t.scenario === "draft" ? ("draft" as const) : ("published" as const),
              isPrivate: t.scenario === "private",
              isCancelled: t.scenario === "cancelled",
              lastPublishedAt: e.lastPublishedAt,
              createdAt: e.createdAt,
              updatedAt: e.lastPublishedAt ?? e.createdAt,
            };
          }),
        )
        .returning({ id: event.id, slug: event.slug });
      const eventId = new Map(eventRows.map((r) => [r.slug, r.id]));

      const typeRows = await tx
        .insert(ticketType)
        .values(
          events.flatMap((e) =>
            e.tickets.map((t, i) => ({
              eventId: eventId.get(e.slug)!,
              name: t.name,
              description: t.description ?? null,
              pricePence: t.pricePence,
              payWhatYouWish: t.payWhatYouWish ?? false,
              kind: t.kind ?? ("general" as const),
              capacity: t.capacity,
              sold: t.sold,
              sortOrder: i,
              seatSectionId: sectionId(e.template.venue, t.section),
              createdAt: e.createdAt,
            })),
          ),
        )
        .returning({ id: ticketType.id, eventId: ticketType.eventId, sortOrder: ticketType.sortOrder });
      const typeId = new Map(typeRows.map((r) => [`${r.eventId}:${r.sortOrder}`, r.id]));

      const discountRows = await tx
        .insert(discount)
        .values(
          DEMO_DISCOUNTS.map((d) => ({
            hostId: userId(d.host),
            name: d.name,
            code: d.code,
            kind: d.kind,
            value: d.value,
            isPrivate: d.isPrivate,
          })),
        )
        .returning({ id: discount.id, code: discount.code, value: discount.value });
      await seedOrders(tx, {
        now,
        events,
        eventId,
        typeId,
        buyer: users.find((u) => u.key === "buyer")!,
        hostId: userId,
        crowdCode: discountRows.find((d) => d.code === "crowd10")!,
        signedUpAt,
        sign: opts.sign,
      });
      await seedAfterTheSale(tx, { now, events, eventId, buyerId: userId("buyer") });
      await seedTrackingLinks(tx, { now, hostId: userId("host") });

      await tx.insert(contentPost).values(
        DEMO_POSTS.map((p) => {
          const publishedAt = new Date(now.getTime() - p.daysAgo * DAY);
          return {
            kind: p.kind,
            slug: p.slug,
            title: p.title,
            description: p.description,
            topic: p.topic ?? null,
            headerImage: p.picture ? postPictureKey(p.slug) : null,
            body: p.body,
            status: "published" as const,
            publishedAt,
            authorId: userId("staff"),
            createdAt: new Date(publishedAt.getTime() - DAY),
            updatedAt: new Date(publishedAt.getTime() + (p.editedAfterDays ?? 0) * DAY),
          };
        }),
      );

      await tx.insert(alert).values({
        heading: "Welcome to Ticketyboo",
        description:
          "This is a demo with made-up events at real venues. Log in as buyer@ticketyboo.test or " +
          "host@ticketyboo.test (password: ticketyboo) to look around; nothing you buy is real. The emails the app " +
          "would send are kept for staff@ticketyboo.test to read at /staff/outbox.",
        isFullPage: false,
        isActive: true,
        savedAt: now,
      });
      await tx
        .insert(featureFlag)
        .values([
          { key: "explore-map", enabled: true, isPublic: true, description: "Map view on /explore" },
          { key: "waitlists", enabled: true, isPublic: true, description: "Join a waitlist when an event sells out" },
          {
            key: "ai-description-helper",
            enabled: false,
            isPublic: false,
            description: "Event description suggestions from a language model",
          },
        ])
        .onConflictDoNothing();
    });
    return true;
  } catch (error) {
    // Another seeder committed the marker first: our rollback is the expected way out.
    if (error instanceof TransactionRollbackError) return false;
    throw error;
  }
}
