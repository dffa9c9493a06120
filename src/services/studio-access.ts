import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { hostMember, type HostRole } from "~/db/schema";

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

/**
 * What the Studio needs to know about a person, read in one query: who they are and the teams they
 * are on (earliest joined first, leaving out hosts who are no longer hosts). The guard and the
 * switcher both judge from it (`accessFrom`, `choicesFrom`), so a page's layout and the page itself
 * can share one read.
 */
export interface StudioPerson {
  own: StudioHost | null;
  teams: StudioChoice[];
}

/** A host someone may act for in Partner Studio, for the switcher. */
export interface StudioChoice {
  host: StudioHost;
  role: HostRole;
}

type HostRow = {
  id: string;
  name: string;
  hostTitle: string | null;
  username: string | null;
  image: string | null;
  isVerified: boolean;
};

/** The person (not deleted) and their teams, in one query; null for nobody. */
export async function studioPerson(db: Db, userId: string): Promise<StudioPerson | null> {
  const { rows } = await db.execute<HostRow & { userType: string; teams: unknown }>(sql`
    select u.id, u.user_type as "userType", u.name, u.host_title as "hostTitle", u.username, u.image,
           u.is_verified as "isVerified",
           coalesce((
             select json_agg(json_build_object(
                      'role', hm.role, 'id', h.id, 'name', h.name, 'hostTitle', h.host_title,
                      'username', h.username, 'image', h.image, 'isVerified', h.is_verified)
                    order by hm.created_at, hm.host_id)
               from host_member hm join "user" h on h.id = hm.host_id
              where hm.user_id = u.id and h.user_type = 'host' and h.deleted_at is null
           ), '[]'::json) as teams
      from "user" u
     where u.id = ${userId} and u.deleted_at is null`);
  const me = rows[0];
  if (!me) return null;
  const teams = (typeof me.teams === "string" ? JSON.parse(me.teams) : me.teams) as (HostRow & { role: HostRole })[];
  return {
    own: me.userType === "host" ? studioHost(me) : null,
    teams: teams.map((t) => ({ host: studioHost(t), role: t.role })),
  };
}

/**
 * Who a person may act for, and as what (decision 0028): a host is the owner of their own account
 * (userType 'host', no row needed); anyone else acts for the hosts whose team (`host_member`) names
 * them. A host acts for their own account first; otherwise the earliest team they joined, or
 * `preferHostId` when they are on that team. Null: nobody they may act for (a buyer, to onboarding).
 * A deleted account acts for nobody, and nobody acts for a host who is no longer a host.
 */
export function accessFrom(person: StudioPerson | null, preferHostId?: string | null): StudioAccess | null {
  if (!person) return null;
  const own: StudioAccess | null = person.own ? { hostId: person.own.id, role: "owner", host: person.own } : null;
  if (own && (!preferHostId || preferHostId === own.hostId)) return own;
  const team = person.teams.find((t) => t.host.id === preferHostId) ?? (own ? null : person.teams[0]);
  if (!team) return own;
  return { hostId: team.host.id, role: team.role, host: team.host };
}

/** Every host a person may act for, as `accessFrom` judges them: their own account first, then their teams. */
export function choicesFrom(person: StudioPerson | null): StudioChoice[] {
  if (!person) return [];
  return person.own ? [{ host: person.own, role: "owner" }, ...person.teams] : person.teams;
}

/** `accessFrom` for `userId`, read now. */
export async function resolveStudioAccess(
  db: Db,
  input: { userId: string; preferHostId?: string | null },
): Promise<StudioAccess | null> {
  return accessFrom(await studioPerson(db, input.userId), input.preferHostId);
}

/** `choicesFrom` for `userId`, read now: the switcher offers these. */
export async function studioChoices(db: Db, userId: string): Promise<StudioChoice[]> {
  return choicesFrom(await studioPerson(db, userId));
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
