import { Hono } from "hono";
import { createEvent, type EventAttributes } from "ics";
import type { Database } from "~/db/client.server";
import { AppError } from "~/lib/app-error";
import { getEventPage, type EventPage } from "~/services/get-event-page";
import { errorResponse } from "../errors";

/** How long an event without an end time is shown in a calendar. */
const DEFAULT_LENGTH_MS = 2 * 60 * 60_000;

/**
 * An event as an iCalendar file (RFC 5545), made by the `ics` library: CRLF line ends, lines
 * folded at 75 octets, times in UTC, and a UID that stays the same for the event, so adding it
 * again (or after a change of time) updates the calendar entry rather than duplicating it.
 */
export function eventCalendar(e: EventPage, publicUrl: string, now: Date): string {
  const url = `${publicUrl.replace(/\/$/, "")}/events/${e.slug}`;
  const end = e.endsAt ?? new Date(e.startsAt.getTime() + DEFAULT_LENGTH_MS);
  const where = e.isOnline ? "Online" : e.venue ? `${e.venue.name}, ${e.venue.formattedAddress}` : undefined;
  const attributes: EventAttributes = {
    uid: `event-${e.id}@ticketyboo`,
    productId: "-//Ticketyboo//Events//EN",
    title: e.name,
    // The host is named here rather than as ORGANIZER, which must carry an address (RFC 5545
    // §3.8.4.3) and a host's email is theirs to give.
    description: [e.summary, `Hosted by ${e.host.title ?? e.host.name}.`, url].filter(Boolean).join("\n\n"),
    start: e.startsAt.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    end: end.getTime(),
    endInputType: "utc",
    endOutputType: "utc",
    url,
    status: e.isCancelled ? "CANCELLED" : "CONFIRMED",
    lastModified: e.updatedAt.getTime(),
    ...(where && { location: where }),
    ...(e.venue && !e.isOnline && { geo: { lat: e.venue.lat, lon: e.venue.lng } }),
  };
  const { error, value } = createEvent({ ...attributes, timestamp: now.getTime() } as EventAttributes);
  if (error || !value) throw new AppError("internal", `Could not make the calendar file: ${error?.message ?? "empty"}`);
  return value;
}

/** `GET /events/{slug}/calendar.ics`: add an event to a calendar (private events by their link too). */
export function calendarRoutes(opts: { database: Database; publicUrl: string }) {
  return new Hono().get("/events/:slug/calendar.ics", async (c) => {
    const e = await getEventPage(opts.database.db, { slug: c.req.param("slug"), viewerId: null });
    if (!e) return errorResponse(c, new AppError("not_found", "No such event."));
    c.header("Content-Type", "text/calendar; charset=utf-8");
    c.header("Content-Disposition", `attachment; filename="${e.slug}.ics"`);
    c.header("Cache-Control", "public, max-age=300");
    return c.body(eventCalendar(e, opts.publicUrl, new Date()));
  });
}
