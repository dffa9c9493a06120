import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { event, type user } from "~/db/schema";
import { createTestProvider } from "~/server/payments/test-provider.server";
import { studioMessages } from "~/texts/studio-messages";
import { lifeCycleMessages } from "~/texts/life-cycle-messages";
import { createEvent, createHost, createVenue } from "../../tests/factories/events";
import { createUser, sessionUserOf } from "../../tests/factories/users";
import { createTestDatabase } from "../../tests/setup/test-db";
import { action } from "~/web/routes/h/events.$eventId.status";

/*
 * The status route as an attacker meets it: signed out, a buyer, another host's ids, nonsense and
 * oversize posts, a way back that leads off the site, and the same press sent again.
 */

let database: Database;
let owner: typeof user.$inferSelect;
let venueId: string;
beforeAll(async () => {
  database = await createTestDatabase();
  owner = await createHost(database.db);
  venueId = (await createVenue(database.db, owner.id)).id;
});
afterAll(() => database.close());

interface Answer {
  status: number;
  body?: { ok: boolean; message: string };
  location?: string | null;
  flash?: boolean;
}

/** Posts a form to the route, as a running page (a fetch) or a plain form post (a document). */
async function post(
  as: typeof user.$inferSelect | null,
  eventId: string,
  form: Record<string, string> | string,
  { document = false }: { document?: boolean } = {},
): Promise<Answer> {
  const request = new Request(`http://localhost/h/events/${eventId}/status`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(document ? { "Sec-Fetch-Mode": "navigate" } : {}),
    },
    body: typeof form === "string" ? form : new URLSearchParams(form).toString(),
  });
  const context = {
    user: as ? sessionUserOf(as) : null,
    database,
    payments: createTestProvider(database.db, "http://localhost"),
  } as unknown as AppLoadContext;
  try {
    const result = (await action({ request, context, params: { eventId } } as never)) as {
      data: Answer["body"];
      init: { status: number } | null;
    };
    return { status: result.init?.status ?? 200, body: result.data };
  } catch (thrown) {
    if (thrown instanceof Response)
      return {
        status: thrown.status,
        location: thrown.headers.get("Location"),
        flash: (thrown.headers.get("Set-Cookie") ?? "").includes("tb_flash="),
      };
    const init = (thrown as { init?: { status?: number } }).init;
    if (init?.status) return { status: init.status };
    throw thrown;
  }
}

const statusOf = async (id: string) => (await database.db.select().from(event).where(eq(event.id, id)))[0]!;
const draft = () =>
  createEvent(database.db, { hostId: owner.id, venueId, startsAt: new Date("2026-12-12T19:30:00Z"), status: "draft" });

describe("the event status route", () => {
  it("publishes the host's own draft, and says so again when pressed twice", async () => {
    const e = await draft();
    expect(await post(owner, e.id, { intent: "publish", back: "/h/events" })).toEqual({
      status: 200,
      body: { ok: true, message: studioMessages.published },
    });
    expect((await post(owner, e.id, { intent: "publish" })).body).toEqual({
      ok: true,
      message: studioMessages.published,
    });
    expect((await statusOf(e.id)).status).toBe("published");
  });

  it("sends the signed out to log in and a buyer to onboarding, changing nothing", async () => {
    const e = await draft();
    const signedOut = await post(null, e.id, { intent: "publish" });
    expect(signedOut.status).toBe(302);
    expect(signedOut.location).toMatch(/^\/(log-in|$)/);
    const buyer = await createUser(database.db, { firstName: "Bea" });
    expect(await post(buyer, e.id, { intent: "delete" })).toMatchObject({ status: 302, location: "/h/onboarding" });
    expect((await statusOf(e.id)).status).toBe("draft");
  });

  it("answers another host with not found, for every action, and changes nothing", async () => {
    const e = await draft();
    const other = await createHost(database.db, { email: "status-route-other@example.com" });
    for (const intent of ["publish", "unpublish", "archive", "delete", "duplicate", "cancel", "cancel_free_orders"]) {
      const answer = await post(other, e.id, { intent });
      expect(answer.status, intent).toBe(404);
      expect(answer.body?.ok).toBe(false);
    }
    for (const eventId of ["not-an-id", "../../u/dashboard", "00000000-0000-0000-0000-000000000000"])
      expect((await post(owner, eventId, { intent: "archive" })).status).toBe(404);
    expect(await statusOf(e.id)).toMatchObject({ status: "draft", isCancelled: false });
    expect(await database.db.select().from(event).where(eq(event.hostId, other.id))).toHaveLength(0);
  });

  it("refuses nonsense and oversize posts with a 4xx", async () => {
    const e = await draft();
    expect((await post(owner, e.id, { intent: "explode" })).status).toBe(422);
    expect((await post(owner, e.id, {})).status).toBe(422);
    expect((await post(owner, e.id, `intent=publish&back=${"x".repeat(20_000)}`)).status).toBe(413);
    expect((await statusOf(e.id)).status).toBe("draft");
  });

  it("without JavaScript goes back with a flash, never off the site, and never to a deleted event's page", async () => {
    const e = await draft();
    expect(await post(owner, e.id, { intent: "archive", back: "/h/events?q=quiz" }, { document: true })).toEqual({
      status: 302,
      location: "/h/events?q=quiz",
      flash: true,
    });
    const f = await draft();
    expect(
      (await post(owner, f.id, { intent: "publish", back: "https://evil.example/phish" }, { document: true })).location,
    ).toBe("/h/events");
    // Deleted from its editor (with JavaScript or without): to the list, with the toast as a flash.
    const g = await draft();
    expect(await post(owner, g.id, { intent: "delete", back: `/h/events/${g.id}/edit` })).toEqual({
      status: 302,
      location: "/h/events",
      flash: true,
    });
    expect((await statusOf(g.id)).status).toBe("deleted");
  });

  it("cancels once: a second press is refused in words", async () => {
    const e = await createEvent(database.db, { hostId: owner.id, venueId, startsAt: new Date("2026-12-20T19:30:00Z") });
    expect((await post(owner, e.id, { intent: "cancel" })).body).toEqual({
      ok: true,
      message: lifeCycleMessages.eventCancelled,
    });
    expect(await post(owner, e.id, { intent: "cancel" })).toEqual({
      status: 409,
      body: { ok: false, message: studioMessages.alreadyCancelled },
    });
  });
});
