import http from "node:http";
import { getRequestListener } from "@hono/node-server";
import { eq } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { ticketType, user } from "~/db/schema";
import { holdTickets } from "~/services/hold-tickets";
import { FORM_FIELDS_MAX, PROFILE_FORM_MAX_BYTES, REQUEST_BODY_MAX_BYTES } from "~/domain/request-limits";
import { messages } from "~/texts/messages";
import { createEvent, createHost } from "../../tests/factories/events";
import { buyTickets } from "../../tests/factories/orders";
import { FACTORY_PASSWORD } from "../../tests/factories/users";
import { createTestApp, signInThroughApi } from "../../tests/setup/test-app";
import { createTestDatabase } from "../../tests/setup/test-db";
import { loadRouteBuild } from "../../tests/setup/route-build";

/**
 * Input at the edge (DESIGN §3): every bad input a person or a script can send — NUL bytes, broken
 * encodings, malformed ids, oversize bodies, signed-out posts — is a 4xx (or a redirect to log
 * in), never a 500, on the API and on every page of `src/web/routes.ts`, rendered by the real
 * React Router build (Vite's, from source).
 */
let database: Database;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
let routes: Awaited<ReturnType<typeof loadRouteBuild>> | undefined;
let build: ServerBuild;
let cookie: string;
let personId: string;
let slug: string;
let ticketTypeId: string;
let orderReference: string;
let ticketId: string;
let holdId: string;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  database = await createTestDatabase();
  routes = await loadRouteBuild();
  build = routes.build;
  testApp = await createTestApp(
    database,
    { DATA_DIR: `/tmp/ticketyboo-input-edge-${process.pid}`, ENABLE_DEV_ROUTES: "true" },
    { getBuild: async () => build },
  );
  const signedIn = await signInThroughApi(testApp, database);
  cookie = signedIn.cookie;
  personId = signedIn.person.id;
  const host = await createHost(database.db);
  const event = await createEvent(database.db, { hostId: host.id, startsAt: new Date(Date.now() + 7 * DAY_MS) }, [
    { pricePence: 1000, capacity: 50 },
  ]);
  slug = event.slug;
  ticketTypeId = (await database.db.select().from(ticketType).where(eq(ticketType.eventId, event.id)))[0]!.id;
  const now = new Date();
  const bought = await buyTickets(database.db, {
    eventId: event.id,
    buyer: { id: personId, email: signedIn.person.email, name: signedIn.person.name },
    now,
    sign: testApp.ticketCodes.sign,
  });
  orderReference = bought.reference;
  ticketId = bought.tickets[0]!.id;
  holdId = (
    await holdTickets(database.db, { eventId: event.id, userId: personId, lines: [{ ticketTypeId, quantity: 1 }], now })
  ).holdId;
}, 120_000);

afterAll(async () => {
  await testApp?.close();
  await routes?.close();
  await database?.close();
});

type Send = {
  method?: string;
  form?: Record<string, string>;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  signedIn?: boolean;
  cookie?: string;
};

function send(path: string, opts: Send = {}): Promise<Response> {
  const headers: Record<string, string> = { Origin: testApp.config.publicUrl, ...opts.headers };
  if (opts.signedIn) headers.Cookie = opts.cookie ?? cookie;
  let body = opts.body;
  if (opts.form) {
    headers["Content-Type"] ??= "application/x-www-form-urlencoded";
    body = new URLSearchParams(opts.form).toString();
  }
  if (opts.json !== undefined) {
    headers["Content-Type"] ??= "application/json";
    body = JSON.stringify(opts.json);
  }
  return Promise.resolve(
    testApp.app.request(new URL(path, testApp.config.publicUrl).href, {
      method: opts.method ?? (body === undefined ? "GET" : "POST"),
      headers,
      body,
      redirect: "manual",
      ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
    } as RequestInit),
  );
}

/** A refusal: a 4xx, never a 500 (and never a success). */
async function expectRefused(res: Response, status?: number) {
  const text = await res.text();
  expect(res.status, text.slice(0, 300)).toBeGreaterThanOrEqual(400);
  expect(res.status, text.slice(0, 300)).toBeLessThan(500);
  if (status) expect(res.status).toBe(status);
}

const NUL = "bad\u0000text";

/**
 * The sweeps below send hundreds of requests through every route; on a busy two-core machine they
 * take longer than the default 30 s, which would say nothing about the code.
 */
const SWEEP_TIMEOUT_MS = 120_000;

describe("bad input named in the issue is a 4xx", () => {
  const cases: { name: string; run: () => Promise<Response>; status?: number }[] = [
    { name: "NUL in the search page's query", run: () => send("/search?q=open%00mic"), status: 400 },
    { name: "NUL in the search API's query", run: () => send("/api/search?q=open%00mic"), status: 400 },
    {
      name: "NUL in a JSON sign-in",
      run: () =>
        send("/api/auth/sign-in/email", { json: { email: `a${NUL}@example.com`, password: FACTORY_PASSWORD } }),
      status: 400,
    },
    {
      name: "a lone surrogate in a JSON sign-in",
      run: () => send("/api/auth/sign-in/email", { json: { email: "a@example.com", password: "pass\uD800word" } }),
      status: 400,
    },
    {
      name: "NUL in the log-in form",
      run: () => send("/log-in", { form: { email: `a${NUL}@example.com`, password: FACTORY_PASSWORD } }),
      status: 400,
    },
    {
      name: "NUL in a cancellation reason",
      run: () =>
        send(`/orders/${orderReference}`, { signedIn: true, form: { intent: "request-cancellation", reason: NUL } }),
      status: 400,
    },
    {
      name: "NUL in a transfer's name",
      run: () => send(`/u/tickets/${ticketId}`, { signedIn: true, form: { email: "friend@example.com", name: NUL } }),
      status: 400,
    },
    {
      name: "NUL in a coupon on the event page",
      run: () =>
        send(`/events/${slug}`, {
          signedIn: true,
          form: { intent: "checkout", [`qty:${ticketTypeId}`]: "1", coupon: NUL },
        }),
      status: 400,
    },
    {
      name: "NUL in a coupon through the holds API",
      run: () =>
        send(`/api/events/${slug}/holds`, {
          signedIn: true,
          form: { intent: "checkout", [`qty:${ticketTypeId}`]: "1", coupon: NUL, key: crypto.randomUUID() },
        }),
      status: 400,
    },
    {
      name: "NUL in a multipart form field",
      run: () => send("/u/feedback", { signedIn: true, body: multipart({ message: NUL }) }),
      status: 400,
    },
    {
      name: "a malformed multipart form",
      run: () =>
        send("/u/feedback", {
          signedIn: true,
          body: "--x\r\nnonsense",
          headers: { "Content-Type": "multipart/form-data; boundary=x" },
        }),
      status: 400,
    },
    {
      name: "a page action sent as JSON",
      run: () => send("/log-in", { json: { email: "a@example.com" } }),
      status: 415,
    },
    { name: "bad percent-encoding in /media", run: () => send("/media/%E0%A4%A.jpg"), status: 400 },
    { name: "an encoded surrogate in /media", run: () => send("/media/%ED%A0%80.jpg"), status: 400 },
    { name: "NUL in /media", run: () => send("/media/a%00.jpg"), status: 400 },
    { name: "NUL in a profile id", run: () => send("/user/abc%00def"), status: 400 },
    {
      name: "a malformed hold id at checkout",
      run: () => send("/checkout/not-a-uuid", { signedIn: true }),
      status: 404,
    },
    {
      name: "a malformed hold id posted to checkout",
      run: () => send("/checkout/not-a-uuid", { signedIn: true, form: { intent: "pay" } }),
      status: 404,
    },
    {
      name: "a malformed hold id on the return page",
      run: () => send(`/checkout/not-a-uuid/return?payment=${crypto.randomUUID()}`, { signedIn: true }),
      status: 404,
    },
    { name: "a malformed ticket id", run: () => send("/u/tickets/not-a-uuid", { signedIn: true }), status: 404 },
    {
      name: "a malformed ticket id for its PDF",
      run: () => send("/u/tickets/not-a-uuid/pdf", { signedIn: true }),
      status: 404,
    },
    {
      // One field sent 20,000 times: reading it once cost the log-in page seconds of the server's time.
      name: "a form of more fields than any of ours sends",
      run: () =>
        send("/log-in.data", {
          body: Array.from({ length: FORM_FIELDS_MAX + 1 }, () => "email=").join("&"),
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
        }),
      status: 400,
    },
    {
      name: "a multipart form of more fields than any of ours sends",
      run: () => {
        const form = new FormData();
        for (let i = 0; i <= FORM_FIELDS_MAX; i++) form.append("message", "");
        return send("/u/feedback", { signedIn: true, body: form });
      },
      status: 400,
    },
    {
      // Checking it for unsafe text recursed out of stack: a 500 and a stack trace in the log.
      name: "JSON nested deeper than any of ours",
      run: () =>
        send("/api/auth/sign-in/email", {
          body: `${"[".repeat(100_000)}${"]".repeat(100_000)}`,
          headers: { "Content-Type": "application/json" },
        }),
      status: 400,
    },
    {
      name: "a non-numeric Content-Length",
      run: () =>
        send("/log-in", {
          body: "email=a",
          headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": "12abc" },
        }),
      status: 400,
    },
  ];
  it.each(cases)("$name", async ({ run, status }) => {
    await expectRefused(await run(), status);
  });

  it("says what is wrong with a form of too many fields, and still reads a long one of ours", async () => {
    const res = await send("/log-in.data", {
      body: Array.from({ length: FORM_FIELDS_MAX + 1 }, () => "email=").join("&"),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(messages.generic.tooManyFields(FORM_FIELDS_MAX));
    // Just within the limit, the log-in page reads the form and answers as a wrong log-in.
    const within = await send("/log-in.data", {
      body: [...Array.from({ length: FORM_FIELDS_MAX - 1 }, () => "email=a@example.com"), "password=x"].join("&"),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(within.status).toBeLessThan(500);
    expect(within.status).not.toBe(400);
  });

  it("names the field in the refusal", async () => {
    const res = await send("/api/search?q=open%00mic");
    const body = (await res.json()) as { error: { code: string; message: string; details: { field: string } } };
    expect(body.error).toMatchObject({ code: "bad_request", details: { field: "q" } });
    expect(body.error.message).toContain('"q"');
    const page = await send(`/orders/${orderReference}`, {
      signedIn: true,
      form: { intent: "request-cancellation", reason: NUL },
    });
    expect(await page.text()).toContain('"reason"');
  });
});

describe("signed-out requests to signed-in actions and downloads go to log in", () => {
  const cases: { name: string; path: () => string; form?: Record<string, string> }[] = [
    {
      name: "posting a cancellation",
      path: () => `/orders/${orderReference}`,
      form: { intent: "request-cancellation", reason: "Can't come" },
    },
    {
      name: "sending a ticket",
      path: () => `/u/tickets/${ticketId}`,
      form: { email: "friend@example.com", name: "Al" },
    },
    { name: "paying at checkout", path: () => `/checkout/${holdId}`, form: { intent: "pay" } },
    { name: "changing the password", path: () => "/u/settings/security", form: { intent: "password" } },
    { name: "deleting the account", path: () => "/u/delete-account", form: { password: "x" } },
    { name: "saving the profile", path: () => "/u/settings/profile", form: { firstName: "A" } },
    { name: "a ticket's PDF", path: () => `/u/tickets/${ticketId}/pdf` },
    { name: "an order's PDF", path: () => `/orders/${orderReference}/pdf` },
    { name: "the data download", path: () => "/u/settings/download-data" },
  ];
  it.each(cases)("$name", async ({ path, form }) => {
    const res = await send(path(), form ? { form } : {});
    expect(res.status).toBe(302);
    const location = res.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/log-in\?redirect=/);
    expect(new URL(location, "http://x").searchParams.get("redirect")).toBe(path());
  });
});

describe("posts from another site's page (CSRF)", () => {
  const marketingOn = async () =>
    (await database.db.select({ on: user.marketingGeneral }).from(user).where(eq(user.id, personId)))[0]!.on;
  const optIn = { marketingGeneralWas: "false", marketingGeneral: "on" };

  it("are refused with 403 before the action runs, with the person's cookie and all", async () => {
    expect(await marketingOn()).toBe(false);
    for (const origin of ["https://evil.example", "http://localhost:3999", "null"]) {
      const res = await send("/u/marketing-permissions", { signedIn: true, form: optIn, headers: { Origin: origin } });
      await expectRefused(res, 403);
    }
    // A browser that sends no Origin says where the post came from in Sec-Fetch-Site.
    await expectRefused(
      await send("/u/marketing-permissions", {
        signedIn: true,
        form: optIn,
        headers: { Origin: "", "Sec-Fetch-Site": "cross-site" },
      }),
      403,
    );
    expect(await marketingOn()).toBe(false);
  });

  it("are refused on the API too, in JSON; webhooks other servers call are left to their signatures", async () => {
    const res = await send(`/api/events/${slug}/holds`, {
      signedIn: true,
      form: { intent: "checkout", [`qty:${ticketTypeId}`]: "1", key: crypto.randomUUID() },
      headers: { Origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { details: { reason: string } } }).error.details.reason).toBe("cross_site");
    // Stripe's webhook has no Stripe route in this app (test payments): a 404, not a 403.
    expect(
      (
        await send("/api/webhooks/stripe", {
          body: "{}",
          headers: { Origin: "https://evil.example", "Content-Type": "application/json" },
        })
      ).status,
    ).toBe(404);
  });

  it("let the site's own pages post as before", async () => {
    const res = await send("/u/marketing-permissions", { signedIn: true, form: optIn });
    expect(res.status).toBeLessThan(400);
    expect(await marketingOn()).toBe(true);
  });
});

describe("behind a proxy", () => {
  it("acts on a post from the public site though the proxy asked at another address", async () => {
    // The site is http://tickets.example:8080 to the browser; the proxy asks us at 127.0.0.1:3000.
    const proxied = await createTestApp(
      database,
      { DATA_DIR: `/tmp/ticketyboo-input-edge-proxy-${process.pid}`, PUBLIC_URL: "http://tickets.example:8080" },
      { getBuild: async () => build },
    );
    try {
      const signedIn = await signInThroughApi(proxied, database);
      const res = await proxied.app.request("http://127.0.0.1:3000/u/marketing-permissions", {
        method: "POST",
        headers: {
          Origin: "http://tickets.example:8080",
          Cookie: signedIn.cookie,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ marketingVenuesWas: "false", marketingVenues: "on" }).toString(),
      });
      expect(res.status, (await res.clone().text()).slice(0, 300)).toBe(200);
      const [row] = await database.db
        .select({ on: user.marketingVenues })
        .from(user)
        .where(eq(user.id, signedIn.person.id));
      expect(row!.on).toBe(true);
      // Another site is still a stranger there.
      const elsewhere = await proxied.app.request("http://127.0.0.1:3000/u/marketing-permissions", {
        method: "POST",
        headers: {
          Origin: "http://evil.example",
          Cookie: signedIn.cookie,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: "marketingVenuesWas=true",
      });
      expect(elsewhere.status).toBe(403);
    } finally {
      await proxied.close();
    }
  });
});

describe("what browsers may keep of a page", () => {
  it("keeps no copy of a signed-in person's pages, and revalidates everyone else's", async () => {
    for (const [path, signedIn, expected] of [
      ["/", false, "private, no-cache"],
      ["/", true, "private, no-store"],
      ["/u/tickets", true, "private, no-store"],
      [`/events/${slug}`, true, "private, no-store"],
    ] as const) {
      const res = await send(path, { signedIn });
      await res.text();
      expect(res.status, path).toBe(200);
      expect(res.headers.get("Cache-Control"), `${path} ${signedIn ? "signed in" : "signed out"}`).toBe(expected);
    }
  });
});

describe("React Router's route discovery", () => {
  it("puts every route in the build's manifest file, so no page inlines a part of it", async () => {
    // Found link by link, each page's HTML carried the routes near it, worked out per request.
    expect(build.routeDiscovery.mode).toBe("initial");
    const html = await (await send("/", { signedIn: false })).text();
    expect(html).toContain("<main");
    expect(html).not.toContain("window.__reactRouterManifest =");
  });

  it("answers its old endpoint at once with React Router's own reload signal, whatever paths it names", async () => {
    // Each path named cost a walk of every route: 1,700 in one GET spent about a second of the server.
    const paths = Array.from({ length: 1700 }, (_, i) => `/${i.toString(36)}`).join(",");
    const res = await send(`/__manifest?version=${build.assets.version}&paths=${paths}`, { signedIn: false });
    expect(res.status).toBe(204);
    expect(res.headers.get("X-Remix-Reload-Document")).toBe("true");
    expect(await res.text()).toBe("");
  });
});

describe("signed-out visits to signed-in pages", () => {
  it("go to the root, with a Log in link that comes back (spec §2)", async () => {
    const path = `/checkout/${holdId}/return?payment=${crypto.randomUUID()}`;
    const res = await send(path);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    const flash = res.headers.getSetCookie().find((c) => c.startsWith("tb_flash="))!;
    const link = (
      JSON.parse(decodeURIComponent(flash.split(";")[0]!.slice("tb_flash=".length))) as { link: { href: string } }
    ).link.href;
    expect(new URL(link, "http://x").searchParams.get("redirect")).toBe(path);
  });

  it("opened from outside the site (a link in an email), go to the log-in page, which comes back", async () => {
    const path = `/checkout/${holdId}/return?payment=${crypto.randomUUID()}`;
    for (const site of ["none", "cross-site"]) {
      const res = await send(path, { headers: { "Sec-Fetch-Site": site } });
      expect(res.status, site).toBe(302);
      expect(res.headers.get("Location"), site).toBe(`/log-in?redirect=${encodeURIComponent(path)}`);
    }
    // Moving about the site: the root, as above.
    expect((await send(path, { headers: { "Sec-Fetch-Site": "same-origin" } })).headers.get("Location")).toBe("/");
  });
});

describe("?redirect= after logging in", () => {
  it("refuses one that cannot be put in a header, and keeps the sign-in", async () => {
    const person = await database.db.select().from(user).where(eq(user.id, personId));
    const res = await send("/log-in?redirect=/%E2%82%AC", {
      form: { email: person[0]!.email, password: FACTORY_PASSWORD },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/u/dashboard");
    expect(res.headers.getSetCookie().some((c) => c.startsWith("tb.session_token="))).toBe(true);
  });
});

/** Every route of the app, with a real value for each param (or a placeholder), and whether it is signed-in only. */
function everyRoute() {
  const values: Record<string, string> = {
    slug,
    holdId,
    ticketId,
    reference: orderReference,
    userId: personId,
    category: "music-events",
    type: "open-mic",
    token: "nope",
    sessionId: "cs_test_nope",
    id: crypto.randomUUID(),
    index: "0",
    "*": "anything",
  };
  const routes = Object.values(build.routes).filter((r): r is NonNullable<typeof r> =>
    Boolean(r && (r.path !== undefined || r.index)),
  );
  return routes.map((route) => {
    const segments: string[] = [];
    let signedIn = false;
    for (let r: (typeof routes)[number] | undefined = route; r; r = r.parentId ? build.routes[r.parentId] : undefined) {
      if (r.path) segments.unshift(r.path);
      if (r.id === "routes/_signed-in") signedIn = true;
    }
    const pattern = `/${segments.join("/")}`.replace(/\/+/g, "/");
    const params = [...pattern.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? "*");
    const fill = (override?: (name: string) => string) =>
      pattern.replace(/:(\w+)|\*/g, (_, name: string | undefined) =>
        override ? override(name ?? "*") : (values[name ?? "*"] ?? "x"),
      );
    return { id: route.id, index: Boolean(route.index), pattern, params, signedIn, path: fill(), fill };
  });
}

describe("every route of the app", () => {
  it("refuses a NUL in the query string, signed in or out", async () => {
    for (const route of everyRoute()) {
      for (const signedIn of [false, true]) {
        const res = await send(`${route.path}?q=a%00b`, { signedIn });
        expect(res.status, `${route.pattern} ${signedIn ? "signed in" : "signed out"}`).toBe(400);
        await res.text();
      }
    }
  });

  it("answers malformed params with a 4xx (or a redirect), never a 500", async () => {
    const bad = [
      "not-a-uuid",
      "00000000-0000-0000-0000-00000000000g",
      "%E0%A4%A",
      "%ED%A0%80",
      "a%00b",
      "'; select 1 --",
      "x".repeat(2000),
    ];
    for (const route of everyRoute().filter((r) => r.params.length > 0)) {
      for (const value of bad) {
        const path = route.fill(() => value);
        const res = await send(path, { signedIn: true });
        const text = await res.text();
        expect(res.status, `${path}: ${text.slice(0, 200)}`).toBeLessThan(500);
        expect([200, 302, 400, 404, 405], path).toContain(res.status);
      }
    }
  });

  it(
    "answers junk in every query parameter pages read with a 4xx, a redirect or the page, never 500",
    async () => {
      const names = [
        "page",
        "past",
        "before",
        "after",
        "near",
        "place",
        "q",
        "date",
        "price",
        "distance",
        "type",
        "category",
        "sort",
        "ms",
        "token",
        "payment",
        "key",
        "redirect",
        "username",
        "to",
        "error",
        "cancelled",
        "as",
        "event",
      ];
      const junk = [
        "-1",
        "1e309",
        "99999999999999999999",
        "abc",
        "%E0%A4%A",
        "%ED%A0%80",
        "/\\evil",
        "x".repeat(3000),
        "1,2,3",
        "NaN",
      ];
      for (const route of everyRoute()) {
        for (const value of junk) {
          const query = names.map((name) => `${name}=${value}`).join("&");
          const res = await send(`${route.path}?${query}`, { signedIn: true });
          const text = await res.text();
          expect(res.status, `${route.pattern}?…=${value}: ${text.slice(0, 200)}`).toBeLessThan(500);
        }
      }
    },
    SWEEP_TIMEOUT_MS,
  );

  it("answers junk cookies with the page (or a 4xx), never a 500", async () => {
    const jar = [
      "tb_loc",
      "tb_theme",
      "tb_consent",
      "tb_flash",
      "tb_alerts_seen",
      "tb_app_ui",
      "tb_verify_later",
      "tb.session_token",
    ];
    for (const value of ["%00", "a%00b", "%ED%A0%80", "%E0%A4%A", "{", "x".repeat(3000)]) {
      const header = jar.map((name) => `${name}=${value}`).join("; ");
      for (const route of everyRoute()) {
        const res = await send(route.path, { headers: { Cookie: header } });
        const text = await res.text();
        expect(res.status, `${route.pattern} with cookies ${value.slice(0, 20)}: ${text.slice(0, 200)}`).toBeLessThan(
          500,
        );
      }
    }
  });

  it(
    "answers a signed-in junk form post to every route with a 4xx, a redirect or the page, never 500",
    async () => {
      // Someone else's session: one of these posts is to /log-out.
      const other = await signInThroughApi(testApp, database);
      for (const route of everyRoute()) {
        const res = await send(route.path, {
          signedIn: true,
          cookie: other.cookie,
          form: {
            intent: "x",
            reason: "",
            id: "not-a-uuid",
            requestId: "nope",
            transferId: "nope",
            quantity: "-5",
            page: "abc",
          },
        });
        const text = await res.text();
        expect(res.status, `${route.pattern}: ${text.slice(0, 200)}`).toBeLessThan(500);
      }
    },
    SWEEP_TIMEOUT_MS,
  );

  it("answers a signed-out post with a 4xx or a redirect, and signed-in pages' posts with log in", async () => {
    for (const route of everyRoute()) {
      // An index route's action is reached with '?index', as its forms send; without it the post is its layout's.
      const res = await send(route.index ? `${route.path}?index` : route.path, { form: { intent: "x", reason: "y" } });
      const text = await res.text();
      expect(res.status, `${route.pattern}: ${text.slice(0, 200)}`).toBeLessThan(500);
      if (route.signedIn && build.routes[route.id]?.module.action) {
        expect(res.status, route.pattern).toBe(302);
        expect(res.headers.get("Location"), route.pattern).toMatch(/^\/log-in\?redirect=/);
      } else if (route.signedIn && res.status !== 405) {
        // No action, and an error boundary below the signed-in layout: its loader answers as it does a
        // visit without a session, home with a toast that links to log in.
        expect(res.status, route.pattern).toBe(302);
        expect(res.headers.get("Location"), route.pattern).toMatch(/^\/(log-in\?redirect=|$)/);
        expect(res.headers.get("Set-Cookie"), route.pattern).toContain("flash");
      }
    }
  });
});

/** A body that is made only as it is read, and says how much was read. */
function endlessBody(total: number) {
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled >= total) return controller.close();
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled };
}

describe("oversize bodies get 413 without being read in full", () => {
  const HUGE = 200 * 1024 * 1024;
  const targets = [
    { name: "a page action", path: () => "/log-in", type: "application/x-www-form-urlencoded" },
    { name: "an API route", path: () => "/api/metrics", type: "application/json" },
    { name: "the holds API", path: () => `/api/events/${slug}/holds`, type: "application/x-www-form-urlencoded" },
    { name: "better-auth's sign-in", path: () => "/api/auth/sign-in/email", type: "application/json" },
  ];
  for (const target of targets) {
    for (const length of [undefined, "100"]) {
      it(`${target.name}, with ${length ? "a Content-Length that lies" : "no Content-Length"}`, async () => {
        const body = endlessBody(HUGE);
        const headers: Record<string, string> = {
          "Content-Type": target.type,
          ...(length ? { "Content-Length": length } : {}),
        };
        const res = await send(target.path(), { body: body.stream, headers, signedIn: true });
        await expectRefused(res, 413);
        // Read no further than the limit and a chunk or two past it.
        expect(body.pulled()).toBeLessThanOrEqual(REQUEST_BODY_MAX_BYTES + 3 * 64 * 1024);
      });
    }
    it(`${target.name}, with a Content-Length over the limit: refused before reading`, async () => {
      const body = endlessBody(HUGE);
      const res = await send(target.path(), {
        body: body.stream,
        headers: { "Content-Type": target.type, "Content-Length": String(HUGE) },
        signedIn: true,
      });
      await expectRefused(res, 413);
      expect(body.pulled()).toBeLessThanOrEqual(64 * 1024);
    });
  }

  it("a form just over the limit is refused; one just under it is read", async () => {
    const over = await send("/log-in", {
      form: { email: "a@example.com", password: "x", pad: "a".repeat(REQUEST_BODY_MAX_BYTES) },
    });
    await expectRefused(over, 413);
    const under = await send("/log-in", {
      form: { email: "nobody@example.com", password: "x", pad: "a".repeat(REQUEST_BODY_MAX_BYTES - 200) },
    });
    expect(under.status).toBe(200);
    expect(await under.text()).toContain("Invalid login credentials");
  });
});

describe("over HTTP, through Node's parser", () => {
  /**
   * Posts to the app over a real socket: `body` is written chunk by chunk (chunked when no length is given) until the
   * answer comes.
   */
  async function postOverHttp(path: string, opts: { length?: number; total: number; type: string; body?: string }) {
    const server = http.createServer(getRequestListener(testApp.app.fetch));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    let written = 0;
    try {
      return await new Promise<{ status: number; body: string; written: number }>((resolve, reject) => {
        const headers: Record<string, string> = {
          "Content-Type": opts.type,
          Origin: testApp.config.publicUrl,
          Host: new URL(testApp.config.publicUrl).host,
        };
        if (opts.length !== undefined) headers["Content-Length"] = String(opts.length);
        const req = http.request({ host: "127.0.0.1", port, path, method: "POST", headers }, (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (body += chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body, written }));
        });
        req.on("error", reject);
        if (opts.body !== undefined) return void req.end(opts.body);
        const chunk = Buffer.alloc(64 * 1024, 0x61);
        let answered = false;
        req.on("response", () => (answered = true));
        const pump = () => {
          while (!answered && written < opts.total) {
            written += chunk.byteLength;
            if (!req.write(chunk)) return void req.once("drain", pump);
          }
          if (!answered) req.end();
        };
        pump();
      });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it(
    "reads forms and JSON within the limit as before (declared length trusted, body read directly)",
    async () => {
      const form = new URLSearchParams({ email: "nobody@example.com", password: "not-it" }).toString();
      const page = await postOverHttp("/log-in", {
        length: Buffer.byteLength(form),
        total: 0,
        type: "application/x-www-form-urlencoded",
        body: form,
      });
      expect(page.status).toBe(200);
      expect(page.body).toContain("Invalid login credentials");
      const [me] = await database.db.select().from(user).where(eq(user.id, personId));
      const json = JSON.stringify({ email: me!.email, password: FACTORY_PASSWORD });
      const api = await postOverHttp("/api/auth/sign-in/email", {
        length: Buffer.byteLength(json),
        total: 0,
        type: "application/json",
        body: json,
      });
      expect(api.status).toBe(200);
      const nul = new URLSearchParams({ email: `a${NUL}@example.com`, password: "x" }).toString();
      const refused = await postOverHttp("/log-in", {
        length: Buffer.byteLength(nul),
        total: 0,
        type: "application/x-www-form-urlencoded",
        body: nul,
      });
      expect(refused.status).toBe(400);
    },
    SWEEP_TIMEOUT_MS,
  );

  it("answers a chunked body over the limit with 413, having read little of it", async () => {
    const res = await postOverHttp("/log-in", { total: 200 * 1024 * 1024, type: "application/x-www-form-urlencoded" });
    expect(res.status).toBe(413);
    expect(res.body).toContain("more than we can take");
    expect(res.written).toBeLessThan(32 * 1024 * 1024);
  });

  it("answers a declared length over the limit with 413 before the body is sent", async () => {
    const res = await postOverHttp("/api/auth/sign-in/email", {
      length: 200 * 1024 * 1024,
      total: 200 * 1024 * 1024,
      type: "application/json",
    });
    expect(res.status).toBe(413);
    expect(res.written).toBeLessThan(32 * 1024 * 1024);
  });
});

function multipart(fields: Record<string, string | Blob>, fileName = "photo.png") {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, value, fileName);
  }
  return form;
}

describe("image uploads", () => {
  it("take a profile photo of nearly 10 MB, far over the usual limit", async () => {
    // Random pixels, stored uncompressed: a real PNG of about 9.7 MB.
    const side = 1800;
    const pixels = new Uint8Array(side * side * 3).map(() => Math.floor(Math.random() * 256));
    const png = await sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(png.byteLength).toBeGreaterThan(9 * 1024 * 1024);
    expect(png.byteLength).toBeLessThanOrEqual(10 * 1024 * 1024);
    const [me] = await database.db.select().from(user).where(eq(user.id, personId));
    const form = multipart({
      firstName: me!.firstName ?? "Bea",
      lastName: me!.lastName ?? "Buyer",
      username: me!.username ?? "",
      phone: me!.phone ?? "",
      bio: "",
      image: new Blob([new Uint8Array(png)], { type: "image/png" }),
    });
    const res = await send("/u/settings/profile", { signedIn: true, body: form });
    const text = await res.text();
    expect(res.status, text.slice(0, 300)).toBe(200);
    const [after] = await database.db.select().from(user).where(eq(user.id, personId));
    expect(after!.image).toMatch(/^\/media\//);
  });

  it("refuse a form over the upload limit with 413", async () => {
    const body = endlessBody(PROFILE_FORM_MAX_BYTES + 1024 * 1024);
    const res = await send("/u/settings/profile", {
      signedIn: true,
      body: body.stream,
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
    });
    await expectRefused(res, 413);
    expect(body.pulled()).toBeLessThanOrEqual(PROFILE_FORM_MAX_BYTES + 3 * 64 * 1024);
  });
});
