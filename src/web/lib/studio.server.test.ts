import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { hostMember, ticketType, type user } from "~/db/schema";
import { setTicketCapacity } from "~/services/edit-ticket-types";
import { setWaitlistOfferHours } from "~/services/host-events";
import { addHostMember, resolveStudioAccess } from "~/services/studio-access";
import { createEvent, createHost } from "../../../tests/factories/events";
import { createUser, sessionUserOf } from "../../../tests/factories/users";
import { createTestDatabase } from "../../../tests/setup/test-db";
import { OWNER_OR_MANAGER, requireStudio, studioFrame } from "./studio.server";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const contextFor = (person: typeof user.$inferSelect | null) =>
  ({ user: person ? sessionUserOf(person) : null, database }) as unknown as AppLoadContext;
const pageRequest = (path = "/h/tickets") => new Request(`http://localhost${path}`);

/** What the guard answers: its result, or the response it threw (a redirect or a 404). */
async function guard(person: typeof user.$inferSelect | null, roles = OWNER_OR_MANAGER) {
  try {
    return { ok: await requireStudio(contextFor(person), pageRequest(), { roles }) };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") };
    const init = (thrown as { init?: { status?: number } }).init;
    if (init?.status) return { status: init.status, location: null };
    throw thrown;
  }
}

describe("who may act for a host in Partner Studio", () => {
  it("answers owner, manager and scanner by role; a buyer goes to onboarding, the signed out to log-in", async () => {
    const db = database.db;
    const host = await createHost(db, { username: "crown-owner" });
    const manager = await createUser(db, { firstName: "Mo" });
    const scanner = await createUser(db, { firstName: "Sol" });
    const buyer = await createUser(db, { firstName: "Bea" });
    await addHostMember(db, { hostId: host.id, userId: manager.id, role: "manager" });
    await addHostMember(db, { hostId: host.id, userId: scanner.id, role: "scanner" });

    expect(await guard(host)).toMatchObject({
      ok: { hostId: host.id, role: "owner", host: { title: "The Crown Collective", profileComplete: true } },
    });
    expect(await guard(manager)).toMatchObject({ ok: { hostId: host.id, role: "manager", user: { id: manager.id } } });
    // A scanner is on the team, but pages for owners and managers say nothing to them.
    expect(await guard(scanner)).toEqual({ status: 404, location: null });
    expect(await guard(scanner, ["owner", "manager", "scanner"])).toMatchObject({
      ok: { hostId: host.id, role: "scanner" },
    });
    expect(await guard(buyer)).toEqual({ status: 302, location: "/h/onboarding" });
    expect(await guard(null)).toEqual({
      status: 302,
      location: `/log-in?redirect=${encodeURIComponent("/h/tickets")}`,
    });
  });

  it("gives another host their own account only: the first host's ids answer not found, change nothing", async () => {
    const db = database.db;
    const now = new Date("2026-11-25T10:00:00Z");
    const host = await createHost(db);
    const other = await createHost(db, { hostTitle: "Northern Sparks" });
    const party = await createEvent(db, { hostId: host.id, startsAt: new Date("2026-12-05T20:00:00Z") });
    const [tickets] = await db.select().from(ticketType).where(eq(ticketType.eventId, party.id));

    const studio = await guard(other);
    expect(studio.ok?.hostId).toBe(other.id);
    const hostId = studio.ok!.hostId;
    await expect(setTicketCapacity(db, { ticketTypeId: tickets!.id, hostId, capacity: 5, now })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(setWaitlistOfferHours(db, { eventId: party.id, hostId, hours: 2 })).rejects.toMatchObject({
      code: "not_found",
    });
    const [after] = await db.select().from(ticketType).where(eq(ticketType.id, tickets!.id));
    expect(after!.capacity).toBe(tickets!.capacity);

    // The owner's own guard opens the same ticket type.
    const own = await guard(host);
    await setTicketCapacity(db, { ticketTypeId: tickets!.id, hostId: own.ok!.hostId, capacity: 50, now });
    const [changed] = await db.select().from(ticketType).where(eq(ticketType.id, tickets!.id));
    expect(changed!.capacity).toBe(50);
  });

  it("never lets a row name the host itself, and holds one role per person per host", async () => {
    const db = database.db;
    const host = await createHost(db);
    const person = await createUser(db);
    await expect(db.insert(hostMember).values({ hostId: host.id, userId: host.id, role: "manager" })).rejects.toThrow();
    await addHostMember(db, { hostId: host.id, userId: person.id, role: "scanner" });
    await addHostMember(db, { hostId: host.id, userId: person.id, role: "manager" });
    const rows = await db.select().from(hostMember).where(eq(hostMember.userId, person.id));
    expect(rows.map((r) => r.role)).toEqual(["manager"]);
    await expect(
      db.insert(hostMember).values({ hostId: host.id, userId: person.id, role: "scanner" }),
    ).rejects.toThrow();
  });

  it("acts for a host's own account first, for a team when asked, never for one who is no longer a host", async () => {
    const db = database.db;
    const first = await createHost(db);
    const second = await createHost(db, { hostTitle: "Second Stage" });
    await addHostMember(db, { hostId: second.id, userId: first.id, role: "manager" });
    expect(await resolveStudioAccess(db, { userId: first.id })).toMatchObject({ hostId: first.id, role: "owner" });
    expect(await resolveStudioAccess(db, { userId: first.id, preferHostId: second.id })).toMatchObject({
      hostId: second.id,
      role: "manager",
    });

    const member = await createUser(db);
    const lapsed = await createHost(db, { userType: "buyer" });
    await addHostMember(db, { hostId: lapsed.id, userId: member.id, role: "manager" });
    expect(await resolveStudioAccess(db, { userId: member.id })).toBeNull();
    // A host made at sign-up has no host name or username yet: onboarding is still to finish.
    const fresh = await createHost(db, { hostTitle: null, username: null });
    expect((await resolveStudioAccess(db, { userId: fresh.id }))?.host).toMatchObject({
      title: "Harriet Host",
      profileComplete: false,
    });
  });

  it("reads a person's access once a request, shared by the layout and the page, and afresh for the next", async () => {
    const db = database.db;
    const host = await createHost(db, { hostTitle: "Shared Read" });
    const person = await createUser(db);
    await addHostMember(db, { hostId: host.id, userId: person.id, role: "manager" });
    // One HTTP request: one load context, and a Request object for each loader.
    const context = contextFor(person);
    const frame = await studioFrame(context, pageRequest("/h/reports/overview"));
    expect(frame).toMatchObject({ hostId: host.id, role: "manager" });
    expect(frame.choices.map((c) => [c.host.title, c.role])).toEqual([["Shared Read", "manager"]]);

    // Demoted while the page is being served: this request's page still judges as its layout did...
    await addHostMember(db, { hostId: host.id, userId: person.id, role: "scanner" });
    const page = pageRequest("/h/reports/overview");
    expect(await requireStudio(context, page, { roles: OWNER_OR_MANAGER })).toMatchObject({ role: "manager" });
    // ...and the next request reads again.
    await expect(
      requireStudio(contextFor(person), pageRequest("/h/reports/overview"), { roles: OWNER_OR_MANAGER }),
    ).rejects.toMatchObject({ init: { status: 404 } });
    expect(await studioFrame(contextFor(person), pageRequest("/h/scan"))).toMatchObject({ role: "scanner" });

    // An action reads afresh, and the loaders after it in the same request read what it left.
    const action = new Request("http://localhost/h/events/new", { method: "POST" });
    await expect(requireStudio(context, action, { roles: OWNER_OR_MANAGER })).rejects.toMatchObject({
      init: { status: 404 },
    });
    await addHostMember(db, { hostId: host.id, userId: person.id, role: "manager" });
    expect(await studioFrame(context, pageRequest("/h/events"))).toMatchObject({ role: "manager" });
  });
});
