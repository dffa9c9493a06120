import { createHash, randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, gt, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { hostInvitation, hostMember, type HostRole, user } from "~/db/schema";
import {
  accepterProblem,
  invitationExpiresAt,
  invitationState,
  INVITATIONS_PER_HOUR,
  inviteeEmail,
  type InvitationState,
  OPEN_INVITATIONS_MAX,
  TEAM_PAGE_SIZE,
} from "~/domain/host-team";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/uuid";
import { messages } from "~/texts/messages";
import { teamMessages } from "~/texts/studio-messages";
import { afterCommit } from "./after-commit";
import { requireConfirmedSender } from "./confirmed-sender";
import { addHostMember } from "./studio-access";
import type { Throttle } from "./throttle";

/**
 * A host's team in Partner Studio (issue 19, decision 0028): the people who act for the host, and
 * invitations by email to join it. Every call names the host it acts for and filters by it, so
 * another host's ids answer not found and change nothing. Who may call which (owners change the
 * team, managers only see it) is the route's guard; these check ownership.
 */

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

const hostAccount = (hostId: string) => and(eq(user.id, hostId), eq(user.userType, "host"), isNull(user.deletedAt));

const openInvitation = and(isNull(hostInvitation.acceptedAt), isNull(hostInvitation.revokedAt));

export interface TeamMember {
  /** The host_member row: what the page's forms name (the host's own account has none). */
  memberId: string;
  userId: string;
  name: string;
  email: string;
  image: string | null;
  role: HostRole;
  joinedAt: Date;
}

export interface TeamInvitation {
  id: string;
  email: string;
  role: HostRole;
  expiresAt: Date;
  state: Extract<InvitationState, "open" | "expired">;
  invitedByName: string | null;
}

/**
 * The team as the permissions page shows it: the host's own account (the owner, which no one can
 * remove or demote), the members by when they joined, a page at a time, and the invitations not yet
 * answered, newest first (expired ones too, until revoked or sent again).
 */
export async function hostTeam(db: Db, input: { hostId: string; now: Date; page?: number }) {
  const [host] = await db
    .select({ id: user.id, name: user.name, email: user.email, image: user.image, hostTitle: user.hostTitle })
    .from(user)
    .where(hostAccount(input.hostId));
  if (!host) throw new AppError("not_found");

  const memberOfHost = and(eq(hostMember.hostId, input.hostId), isNull(user.deletedAt));
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(hostMember)
    .innerJoin(user, eq(user.id, hostMember.userId))
    .where(memberOfHost);
  const pages = Math.max(1, Math.ceil(total / TEAM_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.trunc(input.page ?? 1) || 1), pages);
  const members: TeamMember[] = await db
    .select({
      memberId: hostMember.id,
      userId: user.id,
      name: user.name,
      email: user.email,
      image: user.image,
      role: hostMember.role,
      joinedAt: hostMember.createdAt,
    })
    .from(hostMember)
    .innerJoin(user, eq(user.id, hostMember.userId))
    .where(memberOfHost)
    .orderBy(asc(hostMember.createdAt), asc(hostMember.id))
    .limit(TEAM_PAGE_SIZE)
    .offset((page - 1) * TEAM_PAGE_SIZE);

  const invitationRows = await db
    .select({
      id: hostInvitation.id,
      email: hostInvitation.email,
      role: hostInvitation.role,
      expiresAt: hostInvitation.expiresAt,
      acceptedAt: hostInvitation.acceptedAt,
      revokedAt: hostInvitation.revokedAt,
      invitedByName: user.name,
    })
    .from(hostInvitation)
    .leftJoin(user, eq(user.id, hostInvitation.invitedBy))
    .where(and(eq(hostInvitation.hostId, input.hostId), openInvitation))
    .orderBy(desc(hostInvitation.createdAt), desc(hostInvitation.id))
    // At most OPEN_INVITATIONS_MAX are open; expired ones beyond that are the oldest.
    .limit(OPEN_INVITATIONS_MAX * 2);
  const invitations: TeamInvitation[] = invitationRows.map((r) => ({
    id: r.id,
    email: r.email,
    role: r.role,
    expiresAt: r.expiresAt,
    state: invitationState(r, input.now) === "open" ? "open" : "expired",
    invitedByName: r.invitedByName,
  }));

  return {
    owner: { userId: host.id, name: host.name, email: host.email, image: host.image },
    members,
    page,
    pages,
    total,
    invitations,
  };
}

/** The throttle rule for invitations, per host: each is an email to someone who didn't ask for it. */
export const INVITATION_RULE = { limit: INVITATIONS_PER_HOUR, windowMs: 60 * 60_000 } as const;

/**
 * Invites `email` to the host's team with a role: an invitation whose link carries a random token
 * (only its hash is kept), valid for seven days, and its email as after-commit work in the same
 * transaction. One open invitation per address ('An email has already been sent to this person!');
 * an expired one is replaced. Someone on the team already is refused by name; invitations are
 * counted per host by the throttle and capped while open.
 */
export async function inviteToTeam(
  db: Db,
  input: { hostId: string; invitedBy: string; email: string; role: HostRole; now: Date; throttle: Throttle },
): Promise<{ invitationId: string; email: string; token: string }> {
  const [host] = await db.select({ email: user.email }).from(user).where(hostAccount(input.hostId));
  if (!host) throw new AppError("not_found");
  const checked = inviteeEmail(input.email, host.email);
  if (!checked.ok) throw new AppError("validation_failed", checked.message, { field: "email" });
  const email = checked.email;
  await requireConfirmedSender(db, input.invitedBy, teamMessages.confirmEmailFirst);

  const counted = await input.throttle.hit(`team-invitations:${input.hostId}`, INVITATION_RULE, input.now);
  if (!counted.allowed)
    throw new AppError("rate_limited", messages.auth.tryAgainLater, { retryAfterMs: counted.retryAfterMs });

  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: hostMember.id })
      .from(hostMember)
      .innerJoin(user, eq(user.id, hostMember.userId))
      .where(and(eq(hostMember.hostId, input.hostId), sql`lower(${user.email}) = ${email}`));
    if (member) throw new AppError("conflict", teamMessages.alreadyMember(email), { field: "email" });

    // An expired invitation to this address gives way to the new one (the unique index holds one open).
    await tx
      .delete(hostInvitation)
      .where(
        and(
          eq(hostInvitation.hostId, input.hostId),
          eq(hostInvitation.email, email),
          openInvitation,
          lte(hostInvitation.expiresAt, input.now),
        ),
      );
    const [{ open } = { open: 0 }] = await tx
      .select({ open: count() })
      .from(hostInvitation)
      .where(and(eq(hostInvitation.hostId, input.hostId), openInvitation, gt(hostInvitation.expiresAt, input.now)));
    if (open >= OPEN_INVITATIONS_MAX)
      throw new AppError("conflict", teamMessages.tooManyOpen(OPEN_INVITATIONS_MAX), { field: "email" });

    const token = randomBytes(24).toString("base64url");
    const [created] = await tx
      .insert(hostInvitation)
      .values({
        hostId: input.hostId,
        email,
        role: input.role,
        tokenHash: hashToken(token),
        invitedBy: input.invitedBy,
        createdAt: input.now,
        expiresAt: invitationExpiresAt(input.now),
      })
      .onConflictDoNothing()
      .returning({ id: hostInvitation.id });
    if (!created) throw new AppError("conflict", teamMessages.alreadySent, { field: "email" });
    await afterCommit(tx, { kind: "team-invitation", invitationId: created.id, token });
    return { invitationId: created.id, email, token };
  });
}

/** Changes a member's role, in one conditional statement on the host's own row; the host's account has none. */
export async function changeMemberRole(
  db: Db,
  input: { hostId: string; memberId: string; role: HostRole },
): Promise<{ name: string; role: HostRole }> {
  if (!isUuid(input.memberId)) throw new AppError("not_found", teamMessages.memberNotFound);
  const [changed] = await db
    .update(hostMember)
    .set({ role: input.role })
    .where(and(eq(hostMember.id, input.memberId), eq(hostMember.hostId, input.hostId)))
    .returning({ userId: hostMember.userId, role: hostMember.role });
  if (!changed) throw new AppError("not_found", teamMessages.memberNotFound);
  return { name: await nameOf(db, changed.userId), role: changed.role };
}

/** Takes a member off the team: they act for the host no more from their next request. */
export async function removeMember(db: Db, input: { hostId: string; memberId: string }): Promise<{ name: string }> {
  if (!isUuid(input.memberId)) throw new AppError("not_found", teamMessages.memberNotFound);
  const [removed] = await db
    .delete(hostMember)
    .where(and(eq(hostMember.id, input.memberId), eq(hostMember.hostId, input.hostId)))
    .returning({ userId: hostMember.userId });
  if (!removed) throw new AppError("not_found", teamMessages.memberNotFound);
  return { name: await nameOf(db, removed.userId) };
}

/** Withdraws an invitation not yet accepted (open or expired): its link stops working. */
export async function revokeInvitation(
  db: Db,
  input: { hostId: string; invitationId: string; now: Date },
): Promise<{ email: string }> {
  if (!isUuid(input.invitationId)) throw new AppError("not_found", teamMessages.invitationNotFound);
  const [revoked] = await db
    .update(hostInvitation)
    .set({ revokedAt: input.now })
    .where(and(eq(hostInvitation.id, input.invitationId), eq(hostInvitation.hostId, input.hostId), openInvitation))
    .returning({ email: hostInvitation.email });
  if (!revoked) throw new AppError("not_found", teamMessages.invitationNotFound);
  return revoked;
}

async function nameOf(db: Db, userId: string): Promise<string> {
  const [row] = await db.select({ name: user.name }).from(user).where(eq(user.id, userId));
  return row?.name ?? "They";
}

/** The invitation a link is for, as its page shows it; null for a token we never made. */
export async function findInvitation(db: Db, input: { token: string; now: Date }) {
  if (!input.token || input.token.length > 100) return null;
  const [row] = await db
    .select({
      id: hostInvitation.id,
      hostId: hostInvitation.hostId,
      email: hostInvitation.email,
      role: hostInvitation.role,
      expiresAt: hostInvitation.expiresAt,
      acceptedAt: hostInvitation.acceptedAt,
      acceptedBy: hostInvitation.acceptedBy,
      revokedAt: hostInvitation.revokedAt,
      hostName: user.name,
      hostTitle: user.hostTitle,
      hostImage: user.image,
      hostIsHost: sql<boolean>`${user.userType} = 'host' and ${user.deletedAt} is null`,
    })
    .from(hostInvitation)
    .innerJoin(user, eq(user.id, hostInvitation.hostId))
    .where(eq(hostInvitation.tokenHash, hashToken(input.token)));
  if (!row) return null;
  return {
    id: row.id,
    hostId: row.hostId,
    email: row.email,
    role: row.role,
    expiresAt: row.expiresAt,
    acceptedBy: row.acceptedBy,
    state: invitationState(row, input.now),
    hostGone: !row.hostIsHost,
    host: { title: row.hostTitle?.trim() || row.hostName, image: row.hostImage },
  };
}

/**
 * Accepts an invitation as the signed-in person: they must be signed in with the invited address,
 * verified (read from the database, never the caller). In one transaction: the invitation is marked
 * accepted by one conditional update (so a link works once, whoever presses twice), and the person
 * joins the team with its role (`addHostMember`; someone already on it takes the new role).
 */
export async function acceptInvitation(
  db: Db,
  input: { token: string; userId: string; now: Date },
): Promise<{ hostId: string; hostTitle: string; role: HostRole }> {
  const found = await findInvitation(db, input);
  if (!found) throw new AppError("not_found", teamMessages.linkUnknown);
  const closed = closedInvitation(found.state, found.host.title);
  if (closed) throw closed;
  if (found.hostGone) throw new AppError("conflict", teamMessages.hostGone, { reason: "host_gone" });

  const [person] = await db
    .select({ id: user.id, email: user.email, emailVerified: user.emailVerified })
    .from(user)
    .where(and(eq(user.id, input.userId), isNull(user.deletedAt)));
  if (!person) throw new AppError("not_found", teamMessages.linkUnknown);
  const notYou = accepterProblem(person, found.email);
  if (notYou === "wrong_account")
    throw new AppError("forbidden", teamMessages.wrongAccount(found.email), { reason: notYou });
  if (notYou === "unverified")
    throw new AppError("forbidden", teamMessages.unverified(found.email), { reason: notYou });
  if (person.id === found.hostId) throw new AppError("conflict", teamMessages.isHost, { reason: "is_host" });

  return db.transaction(async (tx) => {
    const [accepted] = await tx
      .update(hostInvitation)
      .set({ acceptedAt: input.now, acceptedBy: person.id })
      .where(
        and(
          eq(hostInvitation.id, found.id),
          openInvitation,
          gt(hostInvitation.expiresAt, input.now),
          eq(hostInvitation.email, found.email),
        ),
      )
      .returning({ role: hostInvitation.role });
    // Answered, revoked or expired between the look and now: the same words as if seen then.
    if (!accepted) {
      const seen = await findInvitation(tx, input);
      throw (
        closedInvitation(seen?.state ?? "accepted", found.host.title) ??
        new AppError("conflict", teamMessages.used, { reason: "accepted" })
      );
    }
    await addHostMember(tx, { hostId: found.hostId, userId: person.id, role: accepted.role });
    return { hostId: found.hostId, hostTitle: found.host.title, role: accepted.role };
  });
}

/** The refusal for a link that is no longer open, in words that say why; null while it is open. */
function closedInvitation(state: InvitationState, hostTitle: string): AppError | null {
  if (state === "accepted") return new AppError("conflict", teamMessages.used, { reason: "accepted" });
  if (state === "revoked") return new AppError("conflict", teamMessages.revokedLink(hostTitle), { reason: "revoked" });
  if (state === "expired") return new AppError("conflict", teamMessages.expired(hostTitle), { reason: "expired" });
  return null;
}

/** What the invitation email says: the host, the role, who sent it and until when. Null once it is not open. */
export async function invitationForEmail(db: Db, input: { invitationId: string; now: Date }) {
  const [row] = await db
    .select({
      email: hostInvitation.email,
      role: hostInvitation.role,
      expiresAt: hostInvitation.expiresAt,
      acceptedAt: hostInvitation.acceptedAt,
      revokedAt: hostInvitation.revokedAt,
      invitedBy: hostInvitation.invitedBy,
      hostId: hostInvitation.hostId,
    })
    .from(hostInvitation)
    .where(eq(hostInvitation.id, input.invitationId));
  if (!row || invitationState(row, input.now) !== "open") return null;
  const [host] = await db
    .select({ name: user.name, hostTitle: user.hostTitle })
    .from(user)
    .where(hostAccount(row.hostId));
  if (!host) return null;
  const [sender] = row.invitedBy
    ? await db.select({ name: user.name }).from(user).where(eq(user.id, row.invitedBy))
    : [];
  return {
    email: row.email,
    role: row.role,
    expiresAt: row.expiresAt,
    hostTitle: host.hostTitle?.trim() || host.name,
    inviterName: sender?.name ?? null,
  };
}
