import { randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, gt, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { event, eventScanner, hostMember, user } from "~/db/schema";
import { SCANNER_LINK_HOURS } from "~/domain/scanning";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/uuid";
import { scannerMessages } from "~/texts/scanner-messages";
import { hashDoorToken } from "./door-access";
import { studioEventHeader } from "./studio-event";

/** Live scanner links one event may have at once: enough for every door and spare phones. */
export const SCANNER_LINKS_MAX = 30;

export interface ScannerGrant {
  id: string;
  label: string;
  kind: "member" | "link";
  /** The member's email (a link has none). */
  email: string | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
  state: "live" | "expired" | "revoked";
}

export interface EventScanners {
  /** When the event starts and ends (null: no end given), to judge links by. */
  event: { startsAt: Date; endsAt: Date | null };
  grants: ScannerGrant[];
  /** Team members with the scanner role who cannot scan this event yet. */
  candidates: { userId: string; name: string; email: string }[];
  /** How many people on the team have the scanner role. */
  teamScanners: number;
}

/**
 * Who may scan at one of the host's events (decision 0034): team members given it, newest first,
 * and scanner links, live ones first. Owners and managers scan every event and are not listed.
 */
export async function eventScanners(
  db: Db,
  input: { hostId: string; eventId: string; now: Date },
): Promise<EventScanners> {
  const header = await studioEventHeader(db, input);
  const rows = await db
    .select({
      id: eventScanner.id,
      label: eventScanner.label,
      userId: eventScanner.userId,
      email: user.email,
      expiresAt: eventScanner.expiresAt,
      revokedAt: eventScanner.revokedAt,
      createdAt: eventScanner.createdAt,
    })
    .from(eventScanner)
    .leftJoin(user, eq(user.id, eventScanner.userId))
    .where(and(eq(eventScanner.eventId, input.eventId), eq(eventScanner.hostId, input.hostId)))
    .orderBy(desc(eventScanner.createdAt), asc(eventScanner.id))
    .limit(200);
  const grants = rows.map((r): ScannerGrant => ({
    id: r.id,
    label: r.label,
    kind: r.userId ? "member" : "link",
    email: r.email,
    expiresAt: r.expiresAt,
    revokedAt: r.revokedAt,
    createdAt: r.createdAt,
    state: r.revokedAt ? "revoked" : r.expiresAt && r.expiresAt <= input.now ? "expired" : "live",
  }));
  const given = new Set(rows.filter((r) => r.userId && !r.revokedAt).map((r) => r.userId));
  const scanners = await db
    .select({ userId: user.id, name: user.name, email: user.email })
    .from(hostMember)
    .innerJoin(user, eq(user.id, hostMember.userId))
    .where(and(eq(hostMember.hostId, input.hostId), eq(hostMember.role, "scanner"), isNull(user.deletedAt)))
    .orderBy(asc(user.name));
  const order = { live: 0, expired: 1, revoked: 2 };
  return {
    event: { startsAt: header.startsAt, endsAt: header.endsAt },
    grants: grants.sort((a, b) => order[a.state] - order[b.state]),
    candidates: scanners.filter((s) => !given.has(s.userId)),
    teamScanners: scanners.length,
  };
}

/** Lets a team member with the scanner role scan this event. Giving it twice changes nothing. */
export async function grantMemberScanner(
  db: Db,
  input: { hostId: string; eventId: string; userId: string; by: string },
): Promise<{ name: string }> {
  await studioEventHeader(db, input);
  const [member] = await db
    .select({ name: user.name })
    .from(hostMember)
    .innerJoin(user, eq(user.id, hostMember.userId))
    .where(
      and(eq(hostMember.hostId, input.hostId), eq(hostMember.userId, input.userId), eq(hostMember.role, "scanner")),
    );
  if (!member) throw new AppError("validation_failed", scannerMessages.notAScanner, { field: "userId" });
  await db
    .insert(eventScanner)
    .values({
      hostId: input.hostId,
      eventId: input.eventId,
      userId: input.userId,
      label: member.name,
      createdBy: input.by,
    })
    .onConflictDoNothing();
  return member;
}

/**
 * A scanner link for one event: a random token (shown once, in the link) that lets whoever holds
 * it scan that event's door, and nothing else, for `hours`, until revoked.
 */
export async function createScannerLink(
  db: Db,
  input: { hostId: string; eventId: string; label: string; hours: number; by: string; now: Date },
): Promise<{ id: string; token: string; expiresAt: Date }> {
  await studioEventHeader(db, input);
  const label = input.label.trim();
  const { min, max } = SCANNER_LINK_HOURS;
  // Both fields are judged together, so the form names every problem at once.
  const fields: Record<string, string> = {};
  if (label.length < 1 || label.length > 60) fields.label = scannerMessages.labelLength;
  if (!Number.isInteger(input.hours) || input.hours < min || input.hours > max)
    fields.hours = scannerMessages.hoursRange(min, max);
  if (Object.keys(fields).length > 0) throw new AppError("validation_failed", Object.values(fields)[0]!, { fields });
  return db.transaction(async (tx) => {
    // The event's row is the lock that keeps two presses from passing the cap together.
    await tx.execute(sql`select id from event where id = ${input.eventId} for update`);
    const [live] = await tx
      .select({ n: count() })
      .from(eventScanner)
      .where(
        and(
          eq(eventScanner.eventId, input.eventId),
          isNull(eventScanner.userId),
          isNull(eventScanner.revokedAt),
          gt(eventScanner.expiresAt, input.now),
        ),
      );
    if ((live?.n ?? 0) >= SCANNER_LINKS_MAX)
      throw new AppError("conflict", scannerMessages.tooManyLinks(SCANNER_LINKS_MAX));
    const token = randomBytes(24).toString("base64url");
    const expiresAt = new Date(input.now.getTime() + input.hours * 3_600_000);
    const [row] = await tx
      .insert(eventScanner)
      .values({
        hostId: input.hostId,
        eventId: input.eventId,
        tokenHash: hashDoorToken(token),
        label,
        expiresAt,
        createdBy: input.by,
      })
      .returning({ id: eventScanner.id });
    return { id: row!.id, token, expiresAt };
  });
}

/** Stops a scanner link or a member's access to this event, from their next scan on. */
export async function revokeScanner(
  db: Db,
  input: { hostId: string; eventId: string; scannerId: string; now: Date },
): Promise<{ label: string }> {
  if (!isUuid(input.scannerId)) throw new AppError("not_found", scannerMessages.noSuchScanner);
  const [row] = await db
    .update(eventScanner)
    .set({ revokedAt: input.now })
    .where(
      and(
        eq(eventScanner.id, input.scannerId),
        eq(eventScanner.eventId, input.eventId),
        eq(eventScanner.hostId, input.hostId),
        isNull(eventScanner.revokedAt),
      ),
    )
    .returning({ label: eventScanner.label });
  if (!row) throw new AppError("not_found", scannerMessages.noSuchScanner);
  return row;
}

export interface ScanChoice {
  id: string;
  name: string;
  startsAt: Date;
}

/**
 * The events someone may open the scanner for, soonest first, from those that started up to a day
 * ago: every live event of the host for an owner or manager; for a scanner, those they were given.
 */
export async function scannableEvents(
  db: Db,
  input: { hostId: string; userId: string; role: "owner" | "manager" | "scanner"; now: Date },
): Promise<ScanChoice[]> {
  const since = new Date(input.now.getTime() - 24 * 3_600_000);
  const given = db
    .select({ id: eventScanner.eventId })
    .from(eventScanner)
    .where(
      and(
        eq(eventScanner.userId, input.userId),
        eq(eventScanner.hostId, input.hostId),
        isNull(eventScanner.revokedAt),
        or(isNull(eventScanner.expiresAt), gt(eventScanner.expiresAt, input.now)),
      ),
    );
  return db
    .select({ id: event.id, name: event.name, startsAt: event.startsAt })
    .from(event)
    .where(
      and(
        eq(event.hostId, input.hostId),
        ne(event.status, "deleted"),
        ne(event.status, "draft"),
        gt(sql`coalesce(${event.endsAt}, ${event.startsAt})`, since),
        input.role === "scanner" ? inArray(event.id, given) : undefined,
      ),
    )
    .orderBy(asc(event.startsAt), asc(event.id))
    .limit(50);
}
