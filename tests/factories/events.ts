import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../src/db/client.server";
import { event, ticketType, user, venue } from "../../src/db/schema";

/** A host with no login (events only need an owner). */
export async function createHost(db: Db, overrides: Partial<typeof user.$inferInsert> = {}) {
  const id = overrides.id ?? randomUUID();
  const [row] = await db
    .insert(user)
    .values({
      id,
      name: "Harriet Host",
      email: `host-${id.slice(0, 8)}@example.com`,
      userType: "host",
      firstName: "Harriet",
      lastName: "Host",
      hostTitle: "The Crown Collective",
      // A host who has confirmed their address, as one sending invitations or campaigns must have.
      emailVerified: true,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createVenue(db: Db, hostId: string, overrides: Partial<typeof venue.$inferInsert> = {}) {
  const [row] = await db
    .insert(venue)
    .values({
      hostId,
      name: "The Jericho Tavern",
      addressLine1: "56 Walton Street",
      city: "Oxford",
      postcode: "OX2 6AE",
      formattedAddress: "56 Walton Street, Oxford OX2 6AE",
      lat: 51.7585,
      lng: -1.2663,
      ...overrides,
    })
    .returning();
  return row!;
}

type TicketInput = Partial<typeof ticketType.$inferInsert> & { pricePence: number; capacity: number };

/** A published, public event with the given ticket types (one £10 general ticket by default). */
export async function createEvent(
  db: Db,
  fields: Partial<typeof event.$inferInsert> & { hostId: string; startsAt: Date },
  tickets: TicketInput[] = [{ pricePence: 1000, capacity: 100 }],
) {
  const name = fields.name ?? "Open Mic Night";
  // A new event takes its host's fee mode, as the Studio's event form does.
  const [host] = await db.select({ feeMode: user.feeMode }).from(user).where(eq(user.id, fields.hostId));
  const [row] = await db
    .insert(event)
    .values({
      slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${randomUUID().slice(0, 6)}`,
      name,
      category: "music-events",
      eventType: "open-mic",
      status: "published",
      lastPublishedAt: fields.startsAt,
      feeMode: host?.feeMode ?? "pass",
      ...fields,
    })
    .returning();
  if (tickets.length > 0) {
    await db
      .insert(ticketType)
      .values(tickets.map((t, i) => ({ name: `Ticket ${i + 1}`, sortOrder: i, ...t, eventId: row!.id })));
  }
  return row!;
}
