import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { hostInvitation, hostMember, user } from "~/db/schema";
import { INVITATIONS_PER_HOUR, OPEN_INVITATIONS_MAX, TEAM_PAGE_SIZE } from "~/domain/host-team";
import { isAppError } from "~/lib/app-error";
import { messages } from "~/texts/messages";
import { teamMessages } from "~/texts/studio-messages";
import { recordedWork } from "../../tests/factories/after-commit";
import { createHost } from "../../tests/factories/events";
import { createUser } from "../../tests/factories/users";
import { createTestDatabase } from "../../tests/setup/test-db";
import {
  acceptInvitation,
  changeMemberRole,
  findInvitation,
  hostTeam,
  inviteToTeam,
  removeMember,
  revokeInvitation,
} from "./host-team";
import { addHostMember, resolveStudioAccess, studioChoices } from "./studio-access";
import { createDbThrottle } from "./throttle";

const now = new Date("2026-11-26T10:00:00Z");
const DAY = 86_400_000;
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function errorOf(p: Promise<unknown>) {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isAppError(error), String(error)).toBe(true);
  return error as { code: string; message: string; details?: Record<string, unknown> };
}

/** A host with a login-able address, and its own throttle counters (each test starts afresh). */
async function aHost(title = "The Crown Collective") {
  const host = await createHost(database.db, { hostTitle: title });
  return host;
}
const throttle = () => createDbThrottle(database.db, { cleanupProbability: 0 });

function invite(hostId: string, email: string, role: "owner" | "manager" | "scanner" = "manager", at = now) {
  return inviteToTeam(database.db, { hostId, invitedBy: hostId, email, role, now: at, throttle: throttle() });
}

describe("inviting someone to a host's team", () => {
  it("keeps the address lower case and only the token's hash; the email to send carries the token", async () => {
    const db = database.db;
    const host = await aHost();
    const sent = await invite(host.id, "  Mo.Manager@Example.com ");
    expect(sent.email).toBe("mo.manager@example.com");
    const [row] = await db.select().from(hostInvitation).where(eq(hostInvitation.id, sent.invitationId));
    expect(row).toMatchObject({
      hostId: host.id,
      email: "mo.manager@example.com",
      role: "manager",
      invitedBy: host.id,
      acceptedAt: null,
      revokedAt: null,
    });
    expect(row!.expiresAt.getTime() - now.getTime()).toBe(7 * DAY);
    expect(row!.tokenHash).not.toContain(sent.token);
    expect(JSON.stringify(row)).not.toContain(sent.token);
    expect(await recordedWork(db, "team-invitation", { invitationId: sent.invitationId })).toEqual([
      { kind: "team-invitation", invitationId: sent.invitationId, token: sent.token },
    ]);
    expect((await findInvitation(db, { token: sent.token, now }))?.state).toBe("open");
  });

  it("refuses a second invitation to the same address while one is open, in the spec's words", async () => {
    const db = database.db;
    const host = await aHost();
    await invite(host.id, "twice@example.com");
    const again = await errorOf(invite(host.id, "TWICE@example.com", "scanner"));
    expect(again).toMatchObject({ code: "conflict", message: teamMessages.alreadySent, details: { field: "email" } });
    const rows = await db.select().from(hostInvitation).where(eq(hostInvitation.hostId, host.id));
    expect(rows.map((r) => r.role)).toEqual(["manager"]);
    // Another host may invite the same person.
    const other = await aHost("Northern Sparks");
    await expect(invite(other.id, "twice@example.com")).resolves.toMatchObject({ email: "twice@example.com" });
  });

  it("replaces an expired invitation to the address with a new one, whose old link no longer works", async () => {
    const db = database.db;
    const host = await aHost();
    const first = await invite(host.id, "late@example.com");
    const later = new Date(now.getTime() + 8 * DAY);
    const second = await invite(host.id, "late@example.com", "scanner", later);
    const rows = await db.select().from(hostInvitation).where(eq(hostInvitation.hostId, host.id));
    expect(rows.map((r) => [r.id, r.role])).toEqual([[second.invitationId, "scanner"]]);
    expect(await findInvitation(db, { token: first.token, now: later })).toBeNull();
  });

  it("names each field that is wrong: blank, not an address, the host's own, someone on the team already", async () => {
    const db = database.db;
    const host = await aHost();
    expect(await errorOf(invite(host.id, " "))).toMatchObject({
      code: "validation_failed",
      message: teamMessages.emailRequired,
      details: { field: "email" },
    });
    expect((await errorOf(invite(host.id, "not an address"))).message).toBe(teamMessages.emailInvalid);
    expect((await errorOf(invite(host.id, host.email.toUpperCase()))).message).toBe(teamMessages.emailIsHost);
    const member = await createUser(db, { email: "Already.Here@example.com" });
    await addHostMember(db, { hostId: host.id, userId: member.id, role: "scanner" });
    expect(await errorOf(invite(host.id, "already.here@example.com"))).toMatchObject({
      code: "conflict",
      message: teamMessages.alreadyMember("already.here@example.com"),
    });
    expect(await db.select().from(hostInvitation).where(eq(hostInvitation.hostId, host.id))).toEqual([]);
  });

  it(`counts invitations per host: ${INVITATIONS_PER_HOUR} an hour, then 'try again in a few minutes'`, async () => {
    const db = database.db;
    const host = await aHost();
    for (let i = 0; i < INVITATIONS_PER_HOUR; i++) await invite(host.id, `crew-${i}@example.com`);
    const over = await errorOf(invite(host.id, "one-too-many@example.com"));
    expect(over).toMatchObject({ code: "rate_limited", message: messages.auth.tryAgainLater });
    expect(await db.select().from(hostInvitation).where(eq(hostInvitation.hostId, host.id))).toHaveLength(
      INVITATIONS_PER_HOUR,
    );
    // An hour on, the host may invite again.
    await expect(
      invite(host.id, "next-hour@example.com", "manager", new Date(now.getTime() + 3_600_001)),
    ).resolves.toBeDefined();
  });

  it(`holds at most ${OPEN_INVITATIONS_MAX} open invitations per host`, async () => {
    const db = database.db;
    const host = await aHost();
    await db.insert(hostInvitation).values(
      Array.from({ length: OPEN_INVITATIONS_MAX }, (_, i) => ({
        hostId: host.id,
        email: `waiting-${i}@example.com`,
        role: "scanner" as const,
        tokenHash: `hash-${host.id}-${i}`,
        expiresAt: new Date(now.getTime() + DAY),
      })),
    );
    const full = await errorOf(invite(host.id, "fifty-first@example.com"));
    expect(full.message).toBe(teamMessages.tooManyOpen(OPEN_INVITATIONS_MAX));
    await revokeInvitation(db, {
      hostId: host.id,
      invitationId: (await db.select().from(hostInvitation).where(eq(hostInvitation.hostId, host.id)))[0]!.id,
      now,
    });
    await expect(invite(host.id, "fifty-first@example.com")).resolves.toBeDefined();
  });

  it("lets one of two invitations to one address sent at once through", async () => {
    const db = database.db;
    const host = await aHost();
    const results = await Promise.allSettled([
      invite(host.id, "race@example.com"),
      invite(host.id, "race@example.com"),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: "conflict", message: teamMessages.alreadySent });
    expect(await db.select().from(hostInvitation).where(eq(hostInvitation.hostId, host.id))).toHaveLength(1);
  });
});

describe("changing the team", () => {
  async function teamOf() {
    const db = database.db;
    const host = await aHost();
    const mo = await createUser(db, { firstName: "Mo", lastName: "Manager" });
    await addHostMember(db, { hostId: host.id, userId: mo.id, role: "manager" });
    const [row] = await db.select().from(hostMember).where(eq(hostMember.userId, mo.id));
    return { host, mo, memberId: row!.id };
  }

  it("changes a member's role and removes them; they act for the host no more", async () => {
    const db = database.db;
    const { host, mo, memberId } = await teamOf();
    expect(await changeMemberRole(db, { hostId: host.id, memberId, role: "scanner" })).toEqual({
      name: "Mo Manager",
      role: "scanner",
    });
    expect(await resolveStudioAccess(db, { userId: mo.id })).toMatchObject({ hostId: host.id, role: "scanner" });
    expect(await removeMember(db, { hostId: host.id, memberId })).toEqual({ name: "Mo Manager" });
    expect(await resolveStudioAccess(db, { userId: mo.id })).toBeNull();
    expect(await errorOf(removeMember(db, { hostId: host.id, memberId }))).toMatchObject({ code: "not_found" });
  });

  it("answers another host's member and invitation ids not found, and changes nothing", async () => {
    const db = database.db;
    const { host, memberId } = await teamOf();
    const sent = await invite(host.id, "kept@example.com");
    const other = await aHost("Northern Sparks");
    for (const attempt of [
      () => changeMemberRole(db, { hostId: other.id, memberId, role: "owner" }),
      () => removeMember(db, { hostId: other.id, memberId }),
      () => revokeInvitation(db, { hostId: other.id, invitationId: sent.invitationId, now }),
      // Ids that are not ids at all never reach a query.
      () => removeMember(db, { hostId: host.id, memberId: "'; drop table host_member; --" }),
      () => revokeInvitation(db, { hostId: host.id, invitationId: "", now }),
    ])
      expect((await errorOf(attempt())).code).toBe("not_found");
    const [member] = await db.select().from(hostMember).where(eq(hostMember.id, memberId));
    expect(member!.role).toBe("manager");
    const [invitation] = await db.select().from(hostInvitation).where(eq(hostInvitation.id, sent.invitationId));
    expect(invitation!.revokedAt).toBeNull();
  });

  it("has nothing that removes or demotes the host's own account: it has no row to name", async () => {
    const db = database.db;
    const { host } = await teamOf();
    const team = await hostTeam(db, { hostId: host.id, now });
    expect(team.owner).toMatchObject({ userId: host.id, email: host.email });
    expect(team.members.map((m) => m.userId)).not.toContain(host.id);
    // Whatever id a form sends, the host stays the owner of their own account.
    for (const memberId of [host.id, randomUUID()]) {
      await errorOf(removeMember(db, { hostId: host.id, memberId }));
      await errorOf(changeMemberRole(db, { hostId: host.id, memberId, role: "scanner" }));
    }
    expect(await resolveStudioAccess(db, { userId: host.id })).toMatchObject({ hostId: host.id, role: "owner" });
  });

  it("revokes an open or expired invitation once; its link then says so", async () => {
    const db = database.db;
    const { host } = await teamOf();
    const sent = await invite(host.id, "gone@example.com");
    expect(await revokeInvitation(db, { hostId: host.id, invitationId: sent.invitationId, now })).toEqual({
      email: "gone@example.com",
    });
    expect((await errorOf(revokeInvitation(db, { hostId: host.id, invitationId: sent.invitationId, now }))).code).toBe(
      "not_found",
    );
    expect((await findInvitation(db, { token: sent.token, now }))?.state).toBe("revoked");
  });

  it("lists the owner, the members a page at a time, and open and expired invitations, of this host only", async () => {
    const db = database.db;
    const { host, mo } = await teamOf();
    const gone = await createUser(db, { firstName: "Gone" });
    await addHostMember(db, { hostId: host.id, userId: gone.id, role: "scanner" });
    await db.update(user).set({ deletedAt: now }).where(eq(user.id, gone.id));
    for (let i = 0; i < TEAM_PAGE_SIZE; i++) {
      const person = await createUser(db, { firstName: `Crew${i}` });
      await addHostMember(db, { hostId: host.id, userId: person.id, role: "scanner" });
    }
    const early = await invite(host.id, "early@example.com", "scanner", new Date(now.getTime() - 8 * DAY));
    await invite(host.id, "fresh@example.com", "owner");
    const other = await aHost("Northern Sparks");
    await invite(other.id, "elsewhere@example.com");

    const first = await hostTeam(db, { hostId: host.id, now });
    expect(first).toMatchObject({ page: 1, pages: 2, total: TEAM_PAGE_SIZE + 1 });
    expect(first.members[0]).toMatchObject({ userId: mo.id, role: "manager", name: "Mo Manager" });
    expect(first.members.map((m) => m.userId)).not.toContain(gone.id);
    expect(first.invitations.map((i) => [i.email, i.state])).toEqual([
      ["fresh@example.com", "open"],
      ["early@example.com", "expired"],
    ]);
    const second = await hostTeam(db, { hostId: host.id, now, page: 99 });
    expect(second.page).toBe(2);
    expect(second.members).toHaveLength(1);
    await revokeInvitation(db, { hostId: host.id, invitationId: early.invitationId, now });
    expect((await hostTeam(db, { hostId: host.id, now })).invitations).toHaveLength(1);
    expect((await errorOf(hostTeam(db, { hostId: mo.id, now }))).code).toBe("not_found");
  });
});

describe("accepting an invitation", () => {
  async function invited(role: "owner" | "manager" | "scanner" = "manager") {
    const db = database.db;
    const host = await aHost();
    const person = await createUser(db, { firstName: "Ivy", lastName: "Invitee" });
    const sent = await invite(host.id, person.email.toUpperCase(), role);
    return { host, person, sent };
  }

  it("puts the invited person on the team with the role, once: the link then says it has been used", async () => {
    const db = database.db;
    const { host, person, sent } = await invited();
    expect(await acceptInvitation(db, { token: sent.token, userId: person.id, now })).toEqual({
      hostId: host.id,
      hostTitle: "The Crown Collective",
      role: "manager",
    });
    expect(await resolveStudioAccess(db, { userId: person.id })).toMatchObject({ hostId: host.id, role: "manager" });
    const [row] = await db.select().from(hostInvitation).where(eq(hostInvitation.id, sent.invitationId));
    expect(row).toMatchObject({ acceptedAt: now, acceptedBy: person.id });
    const again = await errorOf(acceptInvitation(db, { token: sent.token, userId: person.id, now }));
    expect(again).toMatchObject({ code: "conflict", message: teamMessages.used });
    expect(await db.select().from(hostMember).where(eq(hostMember.userId, person.id))).toHaveLength(1);
  });

  it("works once when pressed twice at once", async () => {
    const db = database.db;
    const { person, sent } = await invited("scanner");
    const results = await Promise.allSettled([
      acceptInvitation(db, { token: sent.token, userId: person.id, now }),
      acceptInvitation(db, { token: sent.token, userId: person.id, now }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason).toMatchObject({
      code: "conflict",
    });
    expect(await db.select().from(hostMember).where(eq(hostMember.userId, person.id))).toHaveLength(1);
  });

  it("refuses anyone signed in with another address, or not yet verified, and changes nothing", async () => {
    const db = database.db;
    const { host, person, sent } = await invited();
    const stranger = await createUser(db);
    expect(await errorOf(acceptInvitation(db, { token: sent.token, userId: stranger.id, now }))).toMatchObject({
      code: "forbidden",
      message: teamMessages.wrongAccount(person.email),
    });
    // The host's own account is not the invited address either.
    expect((await errorOf(acceptInvitation(db, { token: sent.token, userId: host.id, now }))).code).toBe("forbidden");
    await db.update(user).set({ emailVerified: false }).where(eq(user.id, person.id));
    expect(await errorOf(acceptInvitation(db, { token: sent.token, userId: person.id, now }))).toMatchObject({
      code: "forbidden",
      message: teamMessages.unverified(person.email),
    });
    expect(await db.select().from(hostMember).where(eq(hostMember.hostId, host.id))).toEqual([]);
    expect((await findInvitation(db, { token: sent.token, now }))?.state).toBe("open");
  });

  it("says clearly when a link has expired, been revoked, or was never ours", async () => {
    const db = database.db;
    const { host, person, sent } = await invited();
    const late = new Date(now.getTime() + 7 * DAY);
    expect(await errorOf(acceptInvitation(db, { token: sent.token, userId: person.id, now: late }))).toMatchObject({
      code: "conflict",
      message: teamMessages.expired("The Crown Collective"),
    });
    await revokeInvitation(db, { hostId: host.id, invitationId: sent.invitationId, now });
    expect((await errorOf(acceptInvitation(db, { token: sent.token, userId: person.id, now }))).message).toBe(
      teamMessages.revokedLink("The Crown Collective"),
    );
    for (const token of ["made-up", "", "x".repeat(5000)])
      expect(await errorOf(acceptInvitation(db, { token, userId: person.id, now }))).toMatchObject({
        code: "not_found",
        message: teamMessages.linkUnknown,
      });
    expect(await db.select().from(hostMember).where(eq(hostMember.hostId, host.id))).toEqual([]);
  });

  it("refuses a host who is no longer one, and gives a member already on the team the invited role", async () => {
    const db = database.db;
    const { host, person, sent } = await invited("owner");
    await addHostMember(db, { hostId: host.id, userId: person.id, role: "scanner" });
    await acceptInvitation(db, { token: sent.token, userId: person.id, now });
    const [row] = await db
      .select()
      .from(hostMember)
      .where(and(eq(hostMember.hostId, host.id), eq(hostMember.userId, person.id)));
    expect(row!.role).toBe("owner");

    const lapsing = await invited();
    await db.update(user).set({ userType: "buyer" }).where(eq(user.id, lapsing.host.id));
    expect(
      await errorOf(acceptInvitation(db, { token: lapsing.sent.token, userId: lapsing.person.id, now })),
    ).toMatchObject({ message: teamMessages.hostGone });
  });
});

describe("the hosts someone may act for", () => {
  it("lists a host's own account first, then the teams they joined in order; a buyer's teams only", async () => {
    const db = database.db;
    const first = await aHost("First Stage");
    const second = await aHost("Second Stage");
    const third = await aHost("Third Stage");
    await addHostMember(db, { hostId: third.id, userId: first.id, role: "scanner" });
    await addHostMember(db, { hostId: second.id, userId: first.id, role: "manager" });
    // Joined a moment later: the embedded database's clock counts milliseconds, so two joins made
    // one after the other can carry the same time, and only the host's id would then order them.
    await db
      .update(hostMember)
      .set({ createdAt: sql`${hostMember.createdAt} + interval '1 second'` })
      .where(and(eq(hostMember.hostId, second.id), eq(hostMember.userId, first.id)));
    expect((await studioChoices(db, first.id)).map((c) => [c.host.title, c.role])).toEqual([
      ["First Stage", "owner"],
      ["Third Stage", "scanner"],
      ["Second Stage", "manager"],
    ]);
    const buyer = await createUser(db);
    expect(await studioChoices(db, buyer.id)).toEqual([]);
    await addHostMember(db, { hostId: second.id, userId: buyer.id, role: "manager" });
    await db.update(user).set({ deletedAt: now }).where(eq(user.id, third.id));
    await addHostMember(db, { hostId: third.id, userId: buyer.id, role: "manager" });
    expect((await studioChoices(db, buyer.id)).map((c) => c.host.title)).toEqual(["Second Stage"]);
    // A preference for a host they may not act for falls back, never through.
    expect(await resolveStudioAccess(db, { userId: buyer.id, preferHostId: first.id })).toMatchObject({
      hostId: second.id,
    });
    expect(await resolveStudioAccess(db, { userId: first.id, preferHostId: buyer.id })).toMatchObject({
      hostId: first.id,
      role: "owner",
    });
  });
});
