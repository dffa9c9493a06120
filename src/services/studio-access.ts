import { and, asc, eq, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server";
import { hostMember, type HostRole, user } from "~/db/schema";

export type { HostRole };

/** The host a person acts for in Partner Studio, as its pages show it (title and avatar in the Studio's frame). */
export interface StudioHost {
  id: string;
  title: string;
  username: string | null;
  image: string | null;
  isVerified: boolean;
  /** Onboarding done: a host name and a username (a host made at sign-up has neither yet). */
  profileComplete: boolean;
}

export interface StudioAccess {
  hostId: string;
  role: HostRole;
  host: StudioHost;
}

const hostAccount = alias(user, "host_account");

/**
 * Who `userId` may act for, and as what (decision 0028): a host is the owner of their own account
 * (userType 'host', no row needed); anyone else acts for the hosts whose team (`host_member`) names
 * them. A host acts for their own account first; otherwise the earliest team they joined, or
 * `preferHostId` when they are on that team. Null: nobody they may act for (a buyer, to onboarding).
 * A deleted account acts for nobody, and nobody acts for a host who is no longer a host.
 */
export async function resolveStudioAccess(
  db: Db,
  input: { userId: string; preferHostId?: string | null },
): Promise<StudioAccess | null> {
  const me = await personOf(db, input.userId);
  if (!me) return null;
  const own: StudioAccess | null =
    me.userType === "host" ? { hostId: me.id, role: "owner", host: studioHost(me) } : null;
  if (own && (!input.preferHostId || input.preferHostId === me.id)) return own;

  const teams = await teamsOf(db, me.id);
  const team = teams.find((t) => t.host.id === input.preferHostId) ?? (own ? null : teams[0]);
  if (!team) return own;
  return { hostId: team.host.id, role: team.role, host: team.host };
}

/** A host someone may act for in Partner Studio, for the switcher. */
export interface StudioChoice {
  host: StudioHost;
  role: HostRole;
}

/**
 * Every host `userId` may act for, as resolveStudioAccess judges them: their own account first (if
 * a host), then the teams they are on in the order they joined. The switcher offers these.
 */
export async function studioChoices(db: Db, userId: string): Promise<StudioChoice[]> {
  const me = await personOf(db, userId);
  if (!me) return [];
  const teams = await teamsOf(db, me.id);
  return me.userType === "host" ? [{ host: studioHost(me), role: "owner" }, ...teams] : teams;
}

async function personOf(db: Db, userId: string) {
  const [me] = await db
    .select({
      id: user.id,
      userType: user.userType,
      name: user.name,
      hostTitle: user.hostTitle,
      username: user.username,
      image: user.image,
      isVerified: user.isVerified,
    })
    .from(user)
    .where(and(eq(user.id, userId), isNull(user.deletedAt)));
  return me ?? null;
}

/** The teams a person is on, earliest joined first, leaving out hosts who are no longer hosts. */
async function teamsOf(db: Db, userId: string): Promise<StudioChoice[]> {
  const rows = await db
    .select({
      role: hostMember.role,
      id: hostAccount.id,
      name: hostAccount.name,
      hostTitle: hostAccount.hostTitle,
      username: hostAccount.username,
      image: hostAccount.image,
      isVerified: hostAccount.isVerified,
    })
    .from(hostMember)
    .innerJoin(hostAccount, eq(hostAccount.id, hostMember.hostId))
    .where(and(eq(hostMember.userId, userId), eq(hostAccount.userType, "host"), isNull(hostAccount.deletedAt)))
    .orderBy(asc(hostMember.createdAt), asc(hostMember.hostId));
  return rows.map((r) => ({ host: studioHost(r), role: r.role }));
}

function studioHost(row: {
  id: string;
  name: string;
  hostTitle: string | null;
  username: string | null;
  image: string | null;
  isVerified: boolean;
}): StudioHost {
  const title = row.hostTitle?.trim() ?? "";
  return {
    id: row.id,
    title: title || row.name,
    username: row.username,
    image: row.image,
    isVerified: row.isVerified,
    profileComplete: title !== "" && Boolean(row.username),
  };
}

/** Puts `userId` on `hostId`'s team with a role (or changes their role): the team pages' invitations build on it. */
export async function addHostMember(db: Db, input: { hostId: string; userId: string; role: HostRole }): Promise<void> {
  await db
    .insert(hostMember)
    .values(input)
    .onConflictDoUpdate({ target: [hostMember.hostId, hostMember.userId], set: { role: input.role } });
}
