import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { createEvent, createHost, createVenue } from "../../../tests/factories/events";
import { createTestApp } from "../../../tests/setup/test-app";
import { createTestDatabase } from "../../../tests/setup/test-db";

let database: Database;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
const startsAt = new Date("2027-03-12T19:30:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await createTestApp(database, { PUBLIC_URL: "https://tickets.example" });
  const host = await createHost(database.db, { hostTitle: "The Crown Collective" });
  const place = await createVenue(database.db, host.id, { name: "Kelham Island Tavern", lat: 53.3893, lng: -1.4712 });
  await createEvent(database.db, {
    hostId: host.id,
    venueId: place.id,
    slug: "quiz-night",
    name: "Kelham Island Pub Quiz, with a name long enough that its SUMMARY line must be folded at 75 octets",
    summary: "Six rounds, a picture round and a jackpot; teams of up to six.",
    startsAt,
    endsAt: new Date("2027-03-12T22:00:00Z"),
  });
  await createEvent(database.db, { hostId: host.id, slug: "no-end-time", startsAt, isOnline: true });
  await createEvent(database.db, { hostId: host.id, slug: "called-off", startsAt, isCancelled: true });
  await createEvent(database.db, { hostId: host.id, slug: "draft-gig", startsAt, status: "draft" });
});

afterAll(async () => {
  await testApp.close();
  await database.close();
});

const fetchIcs = (slug: string) => testApp.app.request(`/events/${slug}/calendar.ics`);

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vevent = calendar.getFirstSubcomponent("vevent")!;
  return { calendar, vevent, event: new ICAL.Event(vevent) };
}

describe("GET /events/{slug}/calendar.ics", () => {
  it("is valid RFC 5545: CRLF line ends, folded lines, the event's times in UTC, place and link", async () => {
    const res = await fetchIcs("quiz-night");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="quiz-night.ics"');
    const text = await res.text();
    // Every line ends in CRLF, and none is longer than 75 octets (longer ones are folded).
    expect(text.endsWith("\r\n")).toBe(true);
    const lines = text.split("\r\n").slice(0, -1);
    expect(lines.every((l) => !l.includes("\n") && Buffer.byteLength(l, "utf8") <= 75)).toBe(true);
    // A folded line continues on the next, which starts with one space or tab (RFC 5545 §3.1).
    expect(lines.some((l) => /^[ \t]/.test(l))).toBe(true);

    const { calendar, vevent, event } = parse(text);
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(calendar.getFirstPropertyValue("prodid")).toBe("-//Ticketyboo//Events//EN");
    expect(event.summary).toBe(
      "Kelham Island Pub Quiz, with a name long enough that its SUMMARY line must be folded at 75 octets",
    );
    expect(event.startDate.toJSDate().toISOString()).toBe("2027-03-12T19:30:00.000Z");
    expect(event.endDate.toJSDate().toISOString()).toBe("2027-03-12T22:00:00.000Z");
    expect(event.startDate.zone?.tzid).toBe("UTC");
    expect(event.location).toContain("Kelham Island Tavern");
    expect(event.description).toContain("Six rounds, a picture round");
    expect(event.description).toContain("Hosted by The Crown Collective.");
    expect(event.description).toContain("https://tickets.example/events/quiz-night");
    expect(vevent.getFirstPropertyValue("url")).toBe("https://tickets.example/events/quiz-night");
    expect(vevent.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(vevent.getFirstPropertyValue("dtstamp")).toBeTruthy();
    expect(vevent.getFirstPropertyValue("geo")).toEqual([53.3893, -1.4712]);
  });

  it("keeps the same UID every time, so adding it again updates the entry instead of duplicating it", async () => {
    const first = parse(await (await fetchIcs("quiz-night")).text()).event.uid;
    const again = parse(await (await fetchIcs("quiz-night")).text()).event.uid;
    expect(first).toMatch(/^event-[0-9a-f-]{36}@ticketyboo$/);
    expect(again).toBe(first);
    expect(parse(await (await fetchIcs("no-end-time")).text()).event.uid).not.toBe(first);
  });

  it("gives an event with no end time two hours, says online events are online, marks cancelled ones", async () => {
    const open = parse(await (await fetchIcs("no-end-time")).text()).event;
    expect(open.endDate.toJSDate().getTime() - open.startDate.toJSDate().getTime()).toBe(2 * 3_600_000);
    expect(open.location).toBe("Online");
    const cancelled = parse(await (await fetchIcs("called-off")).text()).vevent;
    expect(cancelled.getFirstPropertyValue("status")).toBe("CANCELLED");
  });

  it("is 404 for an unknown event or a draft", async () => {
    expect((await fetchIcs("no-such-event")).status).toBe(404);
    expect((await fetchIcs("draft-gig")).status).toBe(404);
  });
});
