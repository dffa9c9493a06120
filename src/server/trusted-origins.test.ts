import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { eq } from "drizzle-orm";
import { testPaymentSession, ticketType } from "~/db/schema";
import { createEvent, createHost } from "../../tests/factories/events";
import { createUser, FACTORY_PASSWORD } from "../../tests/factories/users";
import { loadRouteBuild } from "../../tests/setup/route-build";
import { createTestApp } from "../../tests/setup/test-app";
import { createTestDatabase } from "../../tests/setup/test-db";

/**
 * Which pages may post with a person's cookie. Without PUBLIC_URL, the app run on this machine is
 * the same site at localhost, 127.0.0.1 and [::1] on its port; with PUBLIC_URL, only that origin is.
 */
let database: Database;
let local: Awaited<ReturnType<typeof createTestApp>>;
let deployed: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  database = await createTestDatabase();
  // The checkout page is a page: these apps render pages, from the routes' build.
  const { build } = await loadRouteBuild();
  const pages = { getBuild: async () => build };
  local = await createTestApp(database, { PORT: "3000" }, pages);
  deployed = await createTestApp(database, { PUBLIC_URL: "https://tickets.example.org" }, pages);
});

afterAll(async () => {
  await local.close();
  await deployed.close();
  await database.close();
});

type App = typeof local;

/** Signs in through better-auth as a browser on `origin` does: it sends its cookies (here the theme) along. */
async function signIn(app: App, origin: string) {
  const person = await createUser(database.db);
  return app.app.request("/api/auth/sign-in/email", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin, Cookie: "tb.theme=dark" },
    body: JSON.stringify({ email: person.email, password: FACTORY_PASSWORD }),
  });
}

/** Presses Checkout (the holds API) for an event that does not exist, from `origin`, signed in. */
async function pressCheckout(app: App, origin: string) {
  const signedIn = await signIn(app, app.config.trustedOrigins[0]!);
  // Under https the session cookie is __Host-tb.session_token.
  const cookie = signedIn.headers
    .getSetCookie()
    .find((c) => c.includes("tb.session_token="))!
    .split(";")[0]!;
  return app.app.request("/api/events/no-such-event/holds", {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: origin,
      Cookie: cookie,
      Host: "tickets.internal",
    },
    body: new URLSearchParams({ key: crypto.randomUUID(), intent: "checkout" }).toString(),
  });
}

describe("without PUBLIC_URL", () => {
  it("signs in from every loopback name on the app's port", async () => {
    for (const origin of ["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"]) {
      const res = await signIn(local, origin);
      expect(res.status, origin).toBe(200);
    }
  });

  it("refuses other ports and other sites", async () => {
    for (const origin of [
      "http://127.0.0.1:3001",
      "http://localhost:8080",
      "https://localhost:3000",
      "http://evil.example",
      "http://127.0.0.2:3000",
    ]) {
      const res = await signIn(local, origin);
      expect(res.status, origin).toBe(403);
    }
  });

  it("lets Checkout be pressed from a loopback page of the app, not from another site", async () => {
    const ours = await pressCheckout(local, "http://127.0.0.1:3000");
    expect(ours.status).toBe(404);
    const theirs = await pressCheckout(local, "http://127.0.0.1:4000");
    expect(theirs.status).toBe(403);
  });
});

describe("with PUBLIC_URL", () => {
  it("signs in from that origin alone: loopback names are strangers", async () => {
    expect((await signIn(deployed, "https://tickets.example.org")).status).toBe(200);
    for (const origin of ["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"]) {
      expect((await signIn(deployed, origin)).status, origin).toBe(403);
    }
  });

  it("refuses Checkout pressed from a loopback page", async () => {
    expect((await pressCheckout(deployed, "https://tickets.example.org")).status).toBe(404);
    expect((await pressCheckout(deployed, "http://127.0.0.1:3000")).status).toBe(403);
  });
});

describe("the way back from paying", () => {
  /**
   * A signed-in buyer on `origin` (the browser asks for pages by that name) holds a ticket and pays:
   * where the checkout sends them, and where the payment page sends them back.
   */
  async function pay(app: App, origin: string, opts: { host?: string; signInFrom?: string } = {}) {
    const host = opts.host ?? new URL(origin).host;
    const organiser = await createHost(database.db);
    const show = await createEvent(
      database.db,
      { hostId: organiser.id, startsAt: new Date(Date.now() + 7 * 86_400_000) },
      [{ pricePence: 1500, capacity: 10 }],
    );
    const [type] = await database.db.select().from(ticketType).where(eq(ticketType.eventId, show.id));
    const signedIn = await signIn(app, opts.signInFrom ?? origin);
    const cookie = signedIn.headers
      .getSetCookie()
      .find((c) => c.includes("tb.session_token="))!
      .split(";")[0]!;
    const post = (path: string, form: Record<string, string>) =>
      app.app.request(`${origin}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, Cookie: cookie, Host: host },
        body: new URLSearchParams(form).toString(),
      });
    const held = await post(`/api/events/${show.slug}/holds`, {
      key: crypto.randomUUID(),
      intent: "checkout",
      [`qty:${type!.id}`]: "1",
    });
    expect(held.status).toBe(201);
    const { holdId } = (await held.json()) as { holdId: string };
    const paying = await post(`/checkout/${holdId}`, { intent: "pay" });
    expect(paying.status).toBe(302);
    const payPage = paying.headers.get("Location")!;
    const [session] = await database.db
      .select()
      .from(testPaymentSession)
      .where(eq(testPaymentSession.id, payPage.split("/pay/test/")[1]!));
    return { payPage, successUrl: session!.successUrl, cancelUrl: session!.cancelUrl };
  }

  it("without PUBLIC_URL, stays on the loopback name the buyer is on, where their cookie is", async () => {
    for (const origin of ["http://127.0.0.1:3000", "http://localhost:3000", "http://[::1]:3000"]) {
      const way = await pay(local, origin);
      expect(way.payPage, origin).toMatch(new RegExp(`^${origin.replace(/[[\].]/g, "\\$&")}/pay/test/cs_test_`));
      expect(way.successUrl.startsWith(`${origin}/checkout/`), way.successUrl).toBe(true);
      expect(way.cancelUrl.startsWith(`${origin}/checkout/`), way.cancelUrl).toBe(true);
    }
  });

  it("with PUBLIC_URL, or for a name that is not the site's, goes to the site's own address", async () => {
    const deployedWay = await pay(deployed, "https://tickets.example.org", { host: "tickets.internal" });
    expect(deployedWay.payPage).toMatch(/^https:\/\/tickets\.example\.org\/pay\/test\//);
    expect(deployedWay.successUrl).toMatch(/^https:\/\/tickets\.example\.org\/checkout\//);
    // The Host header is the client's to write: a name the site does not answer to is not trusted.
    // Asked for by another name (the URL and Host a client wrote), with a session from the site's page.
    const stranger = await pay(local, "http://evil.example:3000", { signInFrom: "http://localhost:3000" });
    expect(stranger.payPage).toMatch(/^http:\/\/localhost:3000\/pay\/test\//);
    expect(stranger.successUrl).toMatch(/^http:\/\/localhost:3000\/checkout\//);
  });
});
