import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hold, ticketType, user } from "~/db/schema";
import { createEvent, createHost } from "../../tests/factories/events";
import { signInThroughApi } from "../../tests/setup/test-app";
import { studioTestApp } from "../../tests/setup/studio-app";

/**
 * The booking widget and signage over HTTP with the real pages (decision 0046): the widget is the
 * one page any site may frame, every other page refuses framing; the widget's tickets are held
 * only when Continue is pressed on our own page, never by opening an address.
 */
const harness = studioTestApp("host-widget-pages");
const DAY_MS = 86_400_000;

const framing = (res: Response) => ({
  frameAncestors: /frame-ancestors ([^;]*)/.exec(res.headers.get("Content-Security-Policy") ?? "")?.[1] ?? null,
  xFrameOptions: res.headers.get("X-Frame-Options"),
});

async function hostWithEvent(name = "Folk Night") {
  const db = harness.database.db;
  const host = await createHost(db);
  const event = await createEvent(db, { hostId: host.id, name, startsAt: new Date(Date.now() + 7 * DAY_MS) }, [
    { pricePence: 1000, capacity: 50, name: "Standard" },
  ]);
  const [ticket] = await db.select().from(ticketType).where(eq(ticketType.eventId, event.id));
  return { host, event, ticket: ticket! };
}

describe("framing", () => {
  it("lets any site frame the widget, and no site frame anything else", async () => {
    const { host, event } = await hostWithEvent();
    const widget = await harness.send(`/hosts/${host.id}`, null);
    expect(widget.status).toBe(200);
    expect(await widget.text()).toContain("Folk Night");
    expect(framing(widget)).toEqual({ frameAncestors: "*", xFrameOptions: null });
    // With an event chosen, and its data request as the widget's own links make it.
    for (const path of [`/hosts/${host.id}?event=${event.slug}`, `/hosts/${host.id}.data?event=${event.slug}`]) {
      const res = await harness.send(path, null);
      expect(res.status, path).toBe(200);
      expect(framing(res), path).toEqual({ frameAncestors: "*", xFrameOptions: null });
    }

    // Every other page, signed in or not, found or not: the signage, the booking page the widget opens,
    // the event page, a Studio page, a 404.
    const { cookie } = await signInThroughApi(harness.testApp, harness.database);
    for (const path of [
      `/hosts/${host.id}/signage`,
      `/hosts/${host.id}/signage/feed`,
      `/events/${event.slug}/book`,
      `/events/${event.slug}`,
      "/",
      "/explore",
      "/u/dashboard",
      "/log-in",
      "/hosts",
      `/hosts/${host.id}/nothing`,
      "/api/health",
    ]) {
      for (const who of [null, cookie]) {
        const res = await harness.send(path, who);
        await res.arrayBuffer();
        expect(framing(res), `${path} ${who ? "signed in" : "signed out"}`).toEqual({
          frameAncestors: "'none'",
          xFrameOptions: "DENY",
        });
      }
    }
  });
});

describe("/hosts/{hostId} and /hosts/{hostId}/signage", () => {
  it("are no such page for an unknown id, a buyer, or a deleted host", async () => {
    const db = harness.database.db;
    const { person: buyer } = await signInThroughApi(harness.testApp, harness.database);
    const gone = await createHost(db, { deletedAt: new Date() });
    for (const id of ["not-a-host", crypto.randomUUID(), buyer.id, gone.id]) {
      for (const path of [`/hosts/${id}`, `/hosts/${id}/signage`, `/hosts/${id}/signage/feed`]) {
        const res = await harness.send(path, null);
        await res.arrayBuffer();
        expect(res.status, path).toBe(404);
      }
    }
  });

  it("show only the host's listed events, with all-in prices and a code to each event's page", async () => {
    const db = harness.database.db;
    const { host, event } = await hostWithEvent("Ceilidh Night");
    const soon = new Date(Date.now() + 2 * DAY_MS);
    await createEvent(db, { hostId: host.id, name: "Secret Supper Club", startsAt: soon, isPrivate: true });
    await createEvent(db, { hostId: host.id, name: "Unfinished Draft Gig", startsAt: soon, status: "draft" });
    await createEvent(db, { hostId: host.id, name: "Called Off Quiz", startsAt: soon, isCancelled: true });
    const other = await createHost(db);
    await createEvent(db, { hostId: other.id, name: "Someone Else's Gig", startsAt: soon });

    const page = await (await harness.send(`/hosts/${host.id}`, null)).text();
    const feed = (await (await harness.send(`/hosts/${host.id}/signage/feed`, null)).json()) as {
      events: { name: string; price: string; url: string; qr: string }[];
    };
    expect(feed.events.map((e) => e.name)).toEqual(["Ceilidh Night"]);
    // £10 and the 1% booking fee the host passes on: the headline price, as everywhere.
    expect(feed.events[0]!.price).toBe("£10.10");
    expect(page).toContain("£10.10");
    expect(feed.events[0]!.url).toBe(`${harness.testApp.config.publicUrl}/events/${event.slug}`);
    expect(feed.events[0]!.qr).toMatch(/^<svg[^>]*>/);
    expect(feed.events[0]!.qr).not.toContain("<script");
    for (const hidden of ["Secret Supper Club", "Unfinished Draft Gig", "Called Off Quiz", "Someone Else"]) {
      expect(page).not.toContain(hidden);
      expect(JSON.stringify(feed)).not.toContain(hidden);
    }
    const signage = await (await harness.send(`/hosts/${host.id}/signage`, null)).text();
    expect(signage).toContain("Ceilidh Night");
    expect(signage).not.toContain("Secret Supper Club");
  });

  it("shows a chosen event only when it is the host's and published; never its private tickets", async () => {
    const db = harness.database.db;
    const { host } = await hostWithEvent();
    const other = await createHost(db);
    const theirs = await createEvent(db, {
      hostId: other.id,
      name: "Their Gig",
      startsAt: new Date(Date.now() + DAY_MS),
    });
    const draft = await createEvent(db, {
      hostId: host.id,
      name: "Draft Gig",
      startsAt: new Date(Date.now() + DAY_MS),
      status: "draft",
    });
    const withPrivate = await createEvent(
      db,
      { hostId: host.id, name: "Mixed Tickets Gig", startsAt: new Date(Date.now() + DAY_MS) },
      [
        { pricePence: 800, capacity: 10, name: "Door" },
        { pricePence: 500, capacity: 10, name: "Crew Only", kind: "private" },
      ],
    );
    for (const slug of [theirs.slug, draft.slug]) {
      const page = await (await harness.send(`/hosts/${host.id}?event=${slug}`, null)).text();
      expect(page).toContain("isn&#x27;t on sale here.");
      expect(page).not.toContain(slug === theirs.slug ? "Their Gig" : "Draft Gig");
    }
    const page = await (await harness.send(`/hosts/${host.id}?event=${withPrivate.slug}`, null)).text();
    expect(page).toContain("Mixed Tickets Gig");
    expect(page).toContain("Door");
    expect(page).not.toContain("Crew Only");
    // The choice goes, in a new tab, to the event's booking page on our site.
    expect(page).toContain(`action="/events/${withPrivate.slug}/book"`);
    expect(page).toContain('target="_blank"');
  });

  it("says when there is nothing coming up", async () => {
    const host = await createHost(harness.database.db);
    for (const path of [`/hosts/${host.id}`, `/hosts/${host.id}/signage`]) {
      expect(await (await harness.send(path, null)).text()).toContain("No upcoming events — check back soon");
    }
  });
});

describe("/events/{slug}/book", () => {
  const holdsOf = async (userId: string) =>
    (await harness.database.db.select().from(hold).where(eq(hold.userId, userId))).length;

  it("shows the tickets from the widget and holds them only when Continue is pressed", async () => {
    const { event, ticket } = await hostWithEvent();
    const { person, cookie } = await signInThroughApi(harness.testApp, harness.database);
    const path = `/events/${event.slug}/book?qty:${ticket.id}=2`;
    const page = await harness.send(path, cookie);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("2 tickets");
    expect(html).toContain("£20.20");
    // Opening the address (as any link could make someone do) holds nothing.
    expect(await holdsOf(person.id)).toBe(0);

    const pressed = await harness.send(path, cookie, { [`qty:${ticket.id}`]: "2", key: crypto.randomUUID() });
    expect(pressed.status).toBe(302);
    expect(pressed.headers.get("Location")).toMatch(/^\/checkout\/[0-9a-f-]{36}$/);
    expect(await holdsOf(person.id)).toBe(1);
  });

  it("sends someone signed out to log in and back to the same tickets", async () => {
    const { event, ticket } = await hostWithEvent();
    const res = await harness.send(`/events/${event.slug}/book?qty:${ticket.id}=2`, null, {
      [`qty:${ticket.id}`]: "2",
      key: crypto.randomUUID(),
    });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get("Location")!, "http://x").searchParams.get("redirect");
    expect(back).toBe(`/events/${event.slug}/book?qty%3A${ticket.id}=2`);
  });

  it("is refused from another site's page, even though the widget is framed there", async () => {
    const { event, ticket } = await hostWithEvent();
    const { person, cookie } = await signInThroughApi(harness.testApp, harness.database);
    const res = await harness.testApp.app.request(
      new URL(`/events/${event.slug}/book`, harness.testApp.config.publicUrl).href,
      {
        method: "POST",
        redirect: "manual",
        headers: {
          Origin: "https://a-hosts-own-site.example",
          Cookie: cookie,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ [`qty:${ticket.id}`]: "2", key: crypto.randomUUID() }).toString(),
      },
    );
    expect(res.status).toBe(403);
    expect(await holdsOf(person.id)).toBe(0);
  });

  it("shows nothing to hold for tickets that are not on sale to everyone", async () => {
    const db = harness.database.db;
    const { host } = await hostWithEvent();
    const secret = await createEvent(
      db,
      { hostId: host.id, name: "Crew Night", startsAt: new Date(Date.now() + DAY_MS) },
      [{ pricePence: 500, capacity: 10, name: "Crew Only", kind: "private" }],
    );
    const [crew] = await db.select().from(ticketType).where(eq(ticketType.eventId, secret.id));
    const html = await (await harness.send(`/events/${secret.slug}/book?qty:${crew!.id}=2`, null)).text();
    expect(html).toContain("chosen any tickets yet");
    expect(html).not.toContain("Log in and continue to payment");
    const unknown = await harness.send("/events/no-such-event/book", null);
    await unknown.arrayBuffer();
    expect(unknown.status).toBe(404);
    // A deleted host's account row stays; their pages do not.
    await db.update(user).set({ deletedAt: new Date() }).where(eq(user.id, host.id));
    const widget = await harness.send(`/hosts/${host.id}`, null);
    await widget.arrayBuffer();
    expect(widget.status).toBe(404);
  });
});

describe("the event page", () => {
  it("names only the ticket types a visitor may see: a private one with its key, a hidden one in time", async () => {
    const db = harness.database.db;
    const host = await createHost(db);
    const event = await createEvent(
      db,
      { hostId: host.id, name: "Crew Night", startsAt: new Date(Date.now() + 7 * DAY_MS) },
      [
        { pricePence: 1000, capacity: 50, name: "Standard" },
        { pricePence: 300, capacity: 10, name: "Crew and friends", kind: "private" },
        {
          pricePence: 500,
          capacity: 10,
          name: "Second release",
          kind: "scheduled_hidden",
          salesStartAt: new Date(Date.now() + 2 * DAY_MS),
        },
      ],
    );
    const [crew] = await db
      .select({ id: ticketType.id })
      .from(ticketType)
      .where(and(eq(ticketType.eventId, event.id), eq(ticketType.kind, "private")));
    const key = harness.testApp.ticketCodes.unlockKey(crew!.id);
    for (const path of [`/events/${event.slug}`, `/events/${event.slug}.data`]) {
      const res = await harness.send(path, null);
      expect(res.status).toBe(200);
      const body = await res.text();
      expect(body).toContain("Standard");
      expect(body).not.toContain("Crew and friends");
      expect(body).not.toContain("Second release");
      const unlocked = await (await harness.send(`${path}?key=${key}`, null)).text();
      expect(unlocked).toContain("Crew and friends");
      expect(unlocked).not.toContain("Second release");
    }
  });
});
