import { type Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import type { Throttle, ThrottleRule } from "~/services/throttle";
import { SCAN_OUTCOMES } from "~/db/schema";
import { SCAN_NOT_ALLOWED, SYNC_BATCH_MAX } from "~/domain/scanning";
import { AppError } from "~/lib/app-error";
import { readJson } from "~/lib/read-form";
import { type DoorActor, doorAccess, hashDoorToken } from "~/services/door-access";
import { doorCounts, doorPack, scanAtDoor, scanWithLink, syncDoorScans } from "~/services/scan-ticket";
import type { AppEnv } from "../app";
import type { Auth } from "../auth.server";
import { errorResponse } from "../errors";
import { sessionCookie } from "../session-reader";
import type { TicketCodes } from "../ticket-codes.server";

/**
 * How often one person or link may send a device's kept scans, and fetch the ticket list, for one event. A phone
 * syncs about once a minute while it holds scans, and fetches the list once a minute while online: three times that
 * leaves room for a few phones on one link, and bounds what a leaked link can write (500 scans a sync) or read.
 */
export const DOOR_SYNCS: ThrottleRule = { limit: 30, windowMs: 10 * 60 * 1000 };
export const DOOR_PACKS: ThrottleRule = { limit: 30, windowMs: 10 * 60 * 1000 };

/** The cookie a scanner link leaves on the door device: the link's token, sent only to the door's pages and API. */
export const DOOR_COOKIE = "tb_door";

const name = (what: string, max: number) =>
  z
    .string({ error: `${what} is missing` })
    .min(1, `${what} is missing`)
    .max(max, `${what} is at most ${max} characters`)
    .regex(/^[A-Za-z0-9_-]+$/, `${what} may hold only letters, digits, '-' and '_'`);
const gate = z
  .string()
  .trim()
  .max(40, "gate is at most 40 characters")
  .default("")
  .transform((g) => g || "Door");
const code = z
  .string({ error: "Enter or scan a code" })
  .trim()
  .min(1, "Enter or scan a code")
  .max(200, "That is too long to be a ticket code: ticket codes start TB1. and are printed under the QR code");

const OneScan = z.object({ deviceId: name("deviceId", 64), clientScanId: name("clientScanId", 64), code, gate });
const Sync = z.object({
  deviceId: name("deviceId", 64),
  scans: z
    .array(
      z.object({
        clientScanId: name("clientScanId", 64),
        code,
        gate,
        scannedAt: z.iso.datetime({ offset: true, error: "scannedAt must be an ISO date and time" }),
        localOutcome: z.enum(SCAN_OUTCOMES),
      }),
    )
    .max(SYNC_BATCH_MAX, `A sync carries at most ${SYNC_BATCH_MAX} scans`),
});

/**
 * The door's API (decision 0034), for the scan page's script: `GET /api/door/events/{id}/pack` (the
 * ticket list and key for offline scanning), `GET …/counts`, `POST …/scans` (one scan, online) and
 * `POST …/sync` (scans kept offline). Every request is judged afresh by `doorAccess`: the session's
 * person, else the scanner link's cookie; anyone else, or a link revoked a moment ago, gets 403
 * 'Scan Not Allowed'. Posts are same-site only (the app's guard) and JSON only.
 */
export function doorRoutes(deps: { database: Database; auth: Auth; ticketCodes: TicketCodes; throttle: Throttle }) {
  const db = deps.database.db;
  const cookie = sessionCookie(deps.auth);

  /** Counts one of the actor's requests of a kind for the event; past the rule, a 429 that names the wait. */
  async function counted(actor: DoorActor, kind: "sync" | "pack", rule: ThrottleRule, now: Date) {
    const who = actor.scannerId ?? actor.userId ?? "unknown";
    const hit = await deps.throttle.hit(`door-${kind}:${actor.eventId}:${who}`, rule, now);
    if (!hit.allowed)
      throw new AppError("rate_limited", "Too many requests from this door: wait a minute and it catches up.", {
        retryAfterMs: hit.retryAfterMs,
      });
  }

  async function actorOf(c: Context<AppEnv>, now: Date): Promise<DoorActor> {
    const link = getCookie(c, DOOR_COOKIE);
    const actor = await doorAccess(db, {
      eventId: c.req.param("eventId") ?? "",
      sessionToken: await cookie.tokenFrom(c.req.raw.headers),
      linkTokenHash: link ? hashDoorToken(link) : null,
      now,
    });
    if (!actor) throw new AppError("forbidden", SCAN_NOT_ALLOWED);
    return actor;
  }

  /** Each answer is private to the device that asked; a refusal is the error table's answer. */
  const answer = (handle: (c: Context<AppEnv>, now: Date) => Promise<Response>) => async (c: Context<AppEnv>) => {
    c.header("Cache-Control", "private, no-store");
    try {
      return await handle(c, new Date());
    } catch (error) {
      return errorResponse(c, error);
    }
  };

  return new Hono<AppEnv>()
    .get(
      "/events/:eventId/pack",
      answer(async (c, now) => {
        const actor = await actorOf(c, now);
        await counted(actor, "pack", DOOR_PACKS, now);
        return c.json(await doorPack(db, deps.ticketCodes.fingerprint, { actor, now }));
      }),
    )
    .get(
      "/events/:eventId/counts",
      answer(async (c, now) => c.json(await doorCounts(db, (await actorOf(c, now)).eventId))),
    )
    .post(
      "/events/:eventId/scans",
      answer(async (c, now) => {
        const link = getCookie(c, DOOR_COOKIE);
        const signedIn = await cookie.tokenFrom(c.req.raw.headers);
        // A door device with a scanner link is the hot path: its check rides in the scan's statement.
        if (link && !signedIn) {
          const read = await readJson(c.req.raw, OneScan, { maxBytes: 4096 });
          if (!read.ok) return errorResponse(c, read.error);
          const { deviceId, ...scan } = read.data;
          const done = await scanWithLink(db, deps.ticketCodes.verify, {
            eventId: c.req.param("eventId") ?? "",
            linkTokenHash: hashDoorToken(link),
            deviceId,
            scan,
            now,
          });
          if (!done) throw new AppError("forbidden", SCAN_NOT_ALLOWED);
          return c.json(done);
        }
        const actor = await actorOf(c, now);
        const read = await readJson(c.req.raw, OneScan, { maxBytes: 4096 });
        if (!read.ok) return errorResponse(c, read.error);
        const { deviceId, ...scan } = read.data;
        return c.json(await scanAtDoor(db, deps.ticketCodes.verify, { actor, deviceId, scan, now }));
      }),
    )
    .post(
      "/events/:eventId/sync",
      answer(async (c, now) => {
        const actor = await actorOf(c, now);
        await counted(actor, "sync", DOOR_SYNCS, now);
        const read = await readJson(c.req.raw, Sync, { maxBytes: 256 * 1024 });
        if (!read.ok) return errorResponse(c, read.error);
        const results = await syncDoorScans(db, deps.ticketCodes.verify, {
          actor,
          deviceId: read.data.deviceId,
          scans: read.data.scans.map((s) => ({ ...s, scannedAt: new Date(s.scannedAt) })),
          now,
        });
        return c.json({ results, counts: await doorCounts(db, actor.eventId), at: now.toISOString() });
      }),
    );
}
