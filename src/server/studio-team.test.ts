import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hostInvitation, hostMember, user } from "~/db/schema";
import { inviteToTeam } from "~/services/host-team";
import { addHostMember } from "~/services/studio-access";
import { createDbThrottle } from "~/services/throttle";
import { teamMessages } from "~/texts/studio-messages";
import { createHost } from "../../tests/factories/events";
import { signInThroughApi } from "../../tests/setup/test-app";
import { studioTestApp } from "../../tests/setup/studio-app";

/**
 * Partner Studio's team over HTTP, pages and forms as a browser without JavaScript uses them: the
 * permissions page for owners, managers and scanners, the invitation link, and the host switcher.
 */
const studio = studioTestApp("team");

const send = studio.send;

/** A host signed in, with a manager and a scanner on their team, each signed in too. */
async function aTeam(title = "The Crown Collective") {
  const db = studio.database.db;
  const owner = await signInThroughApi(studio.testApp, studio.database, {
    userType: "host",
    hostTitle: title,
    username: null,
  });
  const manager = await signInThroughApi(studio.testApp, studio.database, { firstName: "Mia", lastName: "Manager" });
  const scanner = await signInThroughApi(studio.testApp, studio.database, { firstName: "Sid", lastName: "Scanner" });
  await addHostMember(db, { hostId: owner.person.id, userId: manager.person.id, role: "manager" });
  await addHostMember(db, { hostId: owner.person.id, userId: scanner.person.id, role: "scanner" });
  const memberId = async (userId: string) =>
    (await db.select().from(hostMember).where(eq(hostMember.userId, userId)))[0]!.id;
  return { owner, manager, scanner, managerId: await memberId(manager.person.id) };
}

const invitationsOf = (hostId: string) =>
  studio.database.db.select().from(hostInvitation).where(eq(hostInvitation.hostId, hostId));

describe("the permissions page", () => {
  it("lets an owner invite (once per address, in the spec's words), change a role, remove and revoke", async () => {
    const { owner, managerId, manager } = await aTeam();
    const page = await send("/h/settings/permissions", owner.cookie);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Invite someone");
    expect(html).toContain(owner.person.email);
    expect(html).toContain("The host&#x27;s own account");
    expect(html).toContain("Mia Manager");
    // The host's own account has no controls: only members' rows do.
    expect(html.match(/name="intent" value="remove"/g)).toHaveLength(2);

    const sent = await send("/h/settings/permissions", owner.cookie, {
      intent: "invite",
      email: "New.Crew@Example.com",
      role: "scanner",
    });
    expect(sent.status).toBe(200);
    // A scanner is told to be given each event (the page escapes the message's apostrophe).
    const sentText = await sent.text();
    expect(sentText).toContain(teamMessages.invited("new.crew@example.com", "scanner").split("'")[0]!);
    expect(sentText).toContain("Scanners tab.");
    const again = await send("/h/settings/permissions", owner.cookie, {
      intent: "invite",
      email: "new.crew@example.com",
      role: "manager",
    });
    expect(again.status).toBe(409);
    const refused = await again.text();
    // Beside the email field, with what was typed kept.
    const email = [...refused.matchAll(/<input\b[^>]*>/g)].map((m) => m[0]).find((c) => c.includes('name="email"'))!;
    expect(email).toContain('aria-invalid="true"');
    expect(email).toContain('value="new.crew@example.com"');
    const noteId = /aria-describedby="([^"]+)"/.exec(email)![1]!;
    expect(new RegExp(`id="${noteId}"[^>]*>([^<]*)<`).exec(refused)![1]).toBe(teamMessages.alreadySent);
    expect(await invitationsOf(owner.person.id)).toHaveLength(1);

    const badRole = await send("/h/settings/permissions", owner.cookie, {
      intent: "invite",
      email: "x@example.com",
      role: "admin",
    });
    expect(badRole.status).toBe(422);
    expect(await badRole.text()).toContain(teamMessages.roleRequired);

    const changed = await send("/h/settings/permissions", owner.cookie, {
      intent: "role",
      target: managerId,
      role: "owner",
    });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain(teamMessages.roleChanged("Mia Manager", "Owner"));
    // A second owner may change the team too.
    const byNewOwner = await send("/h/settings/permissions", manager.cookie);
    expect(await byNewOwner.text()).toContain("Invite someone");

    const [invitation] = await invitationsOf(owner.person.id);
    const revoked = await send("/h/settings/permissions", owner.cookie, { intent: "revoke", target: invitation!.id });
    expect(await revoked.text()).toContain(teamMessages.revoked("new.crew@example.com"));
    const removed = await send("/h/settings/permissions", owner.cookie, { intent: "remove", target: managerId });
    expect(await removed.text()).toContain(teamMessages.removed("Mia Manager"));
    expect(await studio.database.db.select().from(hostMember).where(eq(hostMember.id, managerId))).toEqual([]);
    // Removed, they act for nobody: a buyer again, sent to onboarding.
    const after = await send("/h/settings/permissions", manager.cookie);
    expect(after.status).toBe(302);
    expect(after.headers.get("Location")).toBe("/h/onboarding");
  });

  it("shows a manager the team without a single control, and refuses every change they post", async () => {
    const { owner, manager, managerId } = await aTeam();
    await inviteToTeam(studio.database.db, {
      hostId: owner.person.id,
      invitedBy: owner.person.id,
      email: "waiting@example.com",
      role: "scanner",
      now: new Date(),
      throttle: createDbThrottle(studio.database.db),
    });
    const page = await send("/h/settings/permissions", manager.cookie);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Sid Scanner");
    expect(html).toContain("waiting@example.com");
    expect(html).toContain("Only an owner can change the team.");
    expect(html).not.toContain("Invite someone");
    expect(html).not.toMatch(/name="intent"/);
    expect(html).not.toContain("<select");

    const [invitation] = await invitationsOf(owner.person.id);
    const before = {
      members: await studio.database.db.select().from(hostMember).where(eq(hostMember.hostId, owner.person.id)),
      invitations: await invitationsOf(owner.person.id),
    };
    for (const form of <Record<string, string>[]>[
      { intent: "invite", email: "sneaky@example.com", role: "owner" },
      { intent: "role", target: managerId, role: "owner" },
      { intent: "remove", target: managerId },
      { intent: "revoke", target: invitation!.id },
    ]) {
      const res = await send("/h/settings/permissions", manager.cookie, form);
      expect(res.status, form.intent).toBe(404);
    }
    expect(await studio.database.db.select().from(hostMember).where(eq(hostMember.hostId, owner.person.id))).toEqual(
      before.members,
    );
    expect(await invitationsOf(owner.person.id)).toEqual(before.invitations);
  });

  it("is not there for a scanner, and sends the signed out to log in", async () => {
    const { scanner } = await aTeam();
    expect((await send("/h/settings/permissions", scanner.cookie)).status).toBe(404);
    expect((await send("/h/settings/permissions", scanner.cookie, { intent: "remove", target: "x" })).status).toBe(404);
    // Signed out, from within the site: to the root with a 'Log in' toast (decision 0027).
    const out = await send("/h/settings/permissions", null);
    expect(out.status).toBe(302);
    expect(out.headers.get("Location")).toBe("/");
    // The Studio's navigation offers Team to owners and managers only.
    const dashboard = await send("/h/dashboard", scanner.cookie);
    expect(dashboard.status).toBe(404);
  });
});

describe("the invitation link", () => {
  async function invitation() {
    const team = await aTeam("Northern Lights");
    const invitee = await signInThroughApi(studio.testApp, studio.database, { firstName: "Ivy", lastName: "Invitee" });
    const sent = await inviteToTeam(studio.database.db, {
      hostId: team.owner.person.id,
      invitedBy: team.owner.person.id,
      email: invitee.person.email,
      role: "manager",
      now: new Date(),
      throttle: createDbThrottle(studio.database.db),
    });
    return { ...team, invitee, sent, path: `/h/invitations/${sent.token}` };
  }

  it("asks the signed out to log in or sign up and come back; a post goes to log in", async () => {
    const { path, invitee } = await invitation();
    const page = await send(path, null);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html.replaceAll("<!-- -->", "")).toContain("Join Northern Lights&#x27;s team");
    expect(html).toContain("Log in or sign up with");
    expect(html).toContain(invitee.person.email);
    expect(html).toContain(`/log-in?redirect=${encodeURIComponent(path)}`);
    expect(html).toContain(`/sign-up?redirect=${encodeURIComponent(path)}`);
    const post = await send(path, null, {});
    expect(post.status).toBe(302);
    expect(post.headers.get("Location")).toBe(`/log-in?redirect=${encodeURIComponent(path)}`);
  });

  it("refuses anyone signed in with another address, and lets the invitee join once", async () => {
    const { path, invitee, owner, manager } = await invitation();
    for (const other of [owner, manager]) {
      expect((await send(path, other.cookie)).status).toBe(403);
      expect((await send(path, other.cookie, {})).status).toBe(403);
    }
    const ready = await send(path, invitee.cookie);
    expect(ready.status).toBe(200);
    expect(await ready.text()).toContain("Accept and join the team");

    const joined = await send(path, invitee.cookie, {});
    expect(joined.status).toBe(302);
    expect(joined.headers.get("Location")).toBe("/h/dashboard");
    expect(joined.headers.getSetCookie().join("\n")).toContain(`tb_studio_host=${owner.person.id}`);
    const studio = await send("/h/settings/permissions", invitee.cookie);
    expect(studio.status).toBe(200);
    expect(await studio.text()).toContain("Northern Lights");

    const again = await send(path, invitee.cookie, {});
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(teamMessages.used);
    const shown = await send(path, invitee.cookie);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain("you&#x27;re on the team");
  });

  it("says why a link no longer works: expired, revoked, or not one of ours", async () => {
    const { path, sent, owner, invitee } = await invitation();
    await studio.database.db
      .update(hostInvitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(hostInvitation.id, sent.invitationId));
    const expired = await send(path, invitee.cookie);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain(teamMessages.expired("Northern Lights"));
    await send("/h/settings/permissions", owner.cookie, { intent: "revoke", target: sent.invitationId });
    const revoked = await send(path, null);
    expect(revoked.status).toBe(410);
    expect(await revoked.text()).toContain("has withdrawn this invitation");
    const unknown = await send("/h/invitations/not-a-real-token", invitee.cookie);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain(teamMessages.linkUnknown.replace("'", "&#x27;"));
    expect((await send("/h/invitations/not-a-real-token", invitee.cookie, {})).status).toBe(404);
    expect(await studio.database.db.select().from(hostMember).where(eq(hostMember.userId, invitee.person.id))).toEqual(
      [],
    );
  });
});

describe("the host switcher", () => {
  it("offers a host the team they are also on, remembers the choice, and checks it on every request", async () => {
    const db = studio.database.db;
    const { owner: crown } = await aTeam("Crown Switch");
    const other = await createHost(db, { hostTitle: "Elsewhere Events" });
    await addHostMember(db, { hostId: other.id, userId: crown.person.id, role: "manager" });

    const own = await send("/h/settings/permissions", crown.cookie);
    const ownHtml = await own.text();
    expect(ownHtml).toContain("Switch host");
    expect(ownHtml).toContain("Elsewhere Events");
    expect(ownHtml).toContain("Invite someone");

    const switched = await send("/h/switch-host", crown.cookie, { hostId: other.id });
    expect(switched.status).toBe(302);
    expect(switched.headers.get("Location")).toBe("/h/dashboard");
    const chosen = switched.headers
      .getSetCookie()
      .find((c) => c.startsWith("tb_studio_host="))!
      .split(";")[0]!;
    expect(chosen).toBe(`tb_studio_host=${other.id}`);
    const withChoice = `${crown.cookie}; ${chosen}`;
    const theirs = await (await send("/h/settings/permissions", withChoice)).text();
    expect(theirs).toContain("Elsewhere Events");
    expect(theirs).toContain("Only an owner can change the team.");
    // As their manager, a change to that team is refused.
    expect(
      (await send("/h/settings/permissions", withChoice, { intent: "invite", email: "a@b.co", role: "owner" })).status,
    ).toBe(404);

    // Choosing a host they may not act for: not found, and no cookie.
    const stranger = await createHost(db, { hostTitle: "Not Yours" });
    const refused = await send("/h/switch-host", crown.cookie, { hostId: stranger.id });
    expect(refused.status).toBe(404);
    expect(refused.headers.getSetCookie().some((c) => c.startsWith("tb_studio_host="))).toBe(false);
    // A cookie naming one is only a preference, and falls back to their own account.
    const forged = await (
      await send("/h/settings/permissions", `${crown.cookie}; tb_studio_host=${stranger.id}`)
    ).text();
    expect(forged).toContain("Invite someone");
    expect(forged).not.toContain("Not Yours");
    // Taken off that team, the remembered choice stops counting at once.
    await db.delete(hostMember).where(eq(hostMember.hostId, other.id));
    const back = await (await send("/h/settings/permissions", withChoice)).text();
    expect(back).toContain("Invite someone");
    expect(back).not.toContain("Switch host");
    const [me] = await db.select().from(user).where(eq(user.id, crown.person.id));
    expect(me!.userType).toBe("host");
  });
});

describe("the Studio's front door, /h", () => {
  it("sends each role to its first page, a buyer to onboarding, and the signed out to log in", async () => {
    const { owner, manager, scanner } = await aTeam("Front Door Folk");
    const buyer = await signInThroughApi(studio.testApp, studio.database, { firstName: "Bo", lastName: "Buyer" });
    const whereTo = async (cookie: string | null) => {
      const res = await send("/h", cookie);
      expect(res.status).toBe(302);
      return res.headers.get("Location");
    };
    expect(await whereTo(owner.cookie)).toBe("/h/dashboard");
    expect(await whereTo(manager.cookie)).toBe("/h/dashboard");
    // A scanner's Studio is the door.
    expect(await whereTo(scanner.cookie)).toBe("/h/scan");
    expect(await whereTo(buyer.cookie)).toBe("/h/onboarding");
    expect(await whereTo(null)).toMatch(/^\/log-in\?redirect=%2Fh$/);
  });
});
