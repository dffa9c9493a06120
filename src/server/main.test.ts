import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { prepareDatabase } from "~/db/migrate.server";
import { ticketType } from "~/db/schema";
import { CANCEL_FAILED } from "~/domain/cancellation";
import { requestCancellation } from "~/services/cancel-order";
import { holdTickets } from "~/services/hold-tickets";
import { messages } from "~/texts/messages";
import { createEvent } from "../../tests/factories/events";
import { buyTickets } from "../../tests/factories/orders";
import { createUser, FACTORY_PASSWORD } from "../../tests/factories/users";
import { startFakeStripe } from "../../tests/fakes/fake-stripe";
import { loadTicketCodes } from "./ticket-codes.server";

/**
 * The built server, as `npm start` runs it (`scripts/serve.mjs`, plain node, one bundle): start-up
 * refusals, and the errors that cross from our services to the pages. The build is brought up to
 * date first, as `npm start` does.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const dirs: string[] = [];

beforeAll(() => {
  const built = spawnSync(process.execPath, ["scripts/start.mjs", "--build-only"], { cwd: ROOT, encoding: "utf8" });
  if (built.status !== 0) throw new Error(`the build failed:\n${built.stdout}\n${built.stderr}`);
}, 300_000);

afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tb-main-"));
  dirs.push(dir);
  return dir;
}

/**
 * `npm start`'s script as it is, in a checkout of its own with a source file and no build yet, where
 * `npx react-router build` runs `build` (shell lines) instead: nothing is fetched or built for real.
 */
function fakeCheckout(build: string): string {
  const checkout = tempDir();
  fs.mkdirSync(path.join(checkout, "scripts"));
  fs.copyFileSync(path.join(ROOT, "scripts/start.mjs"), path.join(checkout, "scripts/start.mjs"));
  for (const dir of ["src", "public", "content", "node_modules/.bin"])
    fs.mkdirSync(path.join(checkout, dir), { recursive: true });
  fs.writeFileSync(path.join(checkout, "src/app.ts"), "export {};\n");
  fs.writeFileSync(path.join(checkout, "node_modules/.bin/react-router"), `#!/bin/sh\n${build}\n`, { mode: 0o755 });
  return checkout;
}

/** Runs the server (or `npm start`'s script) with `env` until it exits by itself; its exit code and what it printed. */
function start(
  env: Record<string, string>,
  entry: string[] = ["scripts/serve.mjs"],
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, entry, {
      cwd: ROOT,
      env: { PATH: process.env.PATH, NODE_ENV: "production", LOG_LEVEL: "warn", HOST: "127.0.0.1", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, output }));
  });
}

describe("starting the server", () => {
  it("stops at once with a clear message when its port is already in use, before touching the database", async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    const dataDir = tempDir();
    try {
      const { code, output } = await start({ PORT: String(port), DATA_DIR: dataDir });
      expect(code).toBe(1);
      expect(output).toContain(`Port ${port} is already in use on 127.0.0.1`);
      expect(output).toContain("set PORT to a free port");
      expect(output).not.toMatch(/\n\s+at /);
      expect(fs.existsSync(path.join(dataDir, "pglite"))).toBe(false);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it("npm start stops at once on a port in use, before building anything", async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    // The script as it is, in a checkout with no build yet, where it would build first; a build that
    // would only say it ran.
    const checkout = fakeCheckout("echo built-for-the-test\nexit 1");
    try {
      const { code, output } = await start({ PORT: String(port), DATA_DIR: tempDir() }, [
        path.join(checkout, "scripts/start.mjs"),
      ]);
      expect(code).toBe(1);
      expect(output).toContain(`Port ${port} is already in use on 127.0.0.1`);
      expect(output).not.toMatch(/building|built-for-the-test/i);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it("builds once when two ask at once: the second waits for the first, then finds the build up to date", async () => {
    // A build that takes a moment, notes each time it runs, and leaves the server's file.
    const checkout = fakeCheckout(
      'sleep 1\necho ran >> builds.log\nmkdir -p build/server\necho "export {};" > build/server/index.js',
    );
    const both = await Promise.all(
      [1, 2].map(() => start({}, [path.join(checkout, "scripts/start.mjs"), "--build-only"])),
    );
    expect(both.map((b) => b.code)).toEqual([0, 0]);
    expect(fs.readFileSync(path.join(checkout, "builds.log"), "utf8")).toBe("ran\n");
    expect(fs.existsSync(path.join(checkout, "node_modules/.cache/ticketyboo-build.lock"))).toBe(false);
  });

  it("takes over a build's lock left by a process that has gone", async () => {
    const checkout = fakeCheckout(
      'echo ran >> builds.log\nmkdir -p build/server\necho "export {};" > build/server/index.js',
    );
    const lock = path.join(checkout, "node_modules/.cache/ticketyboo-build.lock");
    fs.mkdirSync(lock, { recursive: true });
    // A process id that no running process has (above Linux's largest).
    fs.writeFileSync(path.join(lock, "pid"), "4194305");
    const { code } = await start({}, [path.join(checkout, "scripts/start.mjs"), "--build-only"]);
    expect(code).toBe(0);
    expect(fs.readFileSync(path.join(checkout, "builds.log"), "utf8")).toBe("ran\n");
  });

  it("refuses to open a PGlite data directory another process has open, saying what to do", async () => {
    const dataDir = tempDir();
    const holder = await openDatabase({ engine: "pglite", dataDir: path.join(dataDir, "pglite") });
    try {
      const { code, output } = await start({ PORT: "0", DATA_DIR: dataDir });
      expect(code).toBe(1);
      expect(output).toContain(`already in use by another Ticketyboo (process ${process.pid})`);
      expect(output).toContain("give this one its own DATA_DIR");
      expect(output).not.toMatch(/\n\s+at /);
      // The holder's data is untouched: it still works.
      await expect(holder.db.execute("select 1 as one")).resolves.toMatchObject({ rows: [{ one: 1 }] });
    } finally {
      await holder.close();
    }
  });

  it("treats a DATABASE_URL that is not a PostgreSQL URL as an invalid configuration", async () => {
    const urls = ["mysql://root@127.0.0.1/ticketyboo", "./data/pglite", "https://example.com/db"];
    // Started together: each is a process that loads the whole server before it reads its configuration.
    const runs = await Promise.all(urls.map((url) => start({ PORT: "0", DATA_DIR: tempDir(), DATABASE_URL: url })));
    runs.forEach(({ code, output }, i) => {
      expect(code, urls[i]).toBe(1);
      expect(output, urls[i]).toContain("Invalid configuration");
      expect(output, urls[i]).toContain("DATABASE_URL: must be a PostgreSQL URL");
    });
  });
});

/** A port nobody is listening on (taken and given back). */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The built server, serving on its own port until `stop()` (which waits for it to exit). */
async function serve(env: Record<string, string>) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["scripts/serve.mjs"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: origin,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  // Until it is ready it answers 503 (or not at all, for a moment): asked again until it serves.
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped while starting:\n${output}`);
    const health = await fetch(`${origin}/api/health`).catch(() => null);
    if (health?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const request = (pathname: string, init: RequestInit & { cookie?: string } = {}) =>
    fetch(`${origin}${pathname}`, {
      ...init,
      redirect: "manual",
      headers: {
        Origin: origin,
        ...(init.cookie && { Cookie: init.cookie }),
        ...(init.headers as Record<string, string>),
      },
    });
  return {
    request,
    /** A form posted from the site's own page, as the browser sends it. */
    post: (pathname: string, fields: Record<string, string>, cookie?: string) =>
      request(pathname, { method: "POST", body: new URLSearchParams(fields), cookie }),
    async signIn(email: string) {
      const res = await request("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email, password: FACTORY_PASSWORD }),
      });
      expect(res.status).toBe(200);
      return res.headers
        .getSetCookie()
        .find((c) => c.startsWith("tb.session_token="))!
        .split(";")[0]!;
    },
    output: () => output,
    async stop() {
      child.kill("SIGTERM");
      return exited;
    },
  };
}

/** A page's text as people read it (React escapes apostrophes and ampersands in HTML). */
const pageText = async (res: Response) => (await res.text()).replaceAll("&#x27;", "'").replaceAll("&amp;", "&");

describe("the built server: our errors reach the pages as themselves (one copy of every module)", () => {
  it("answers a test payment page that does not exist with 404, not 500", async () => {
    // No demo data: the page asked for exists in no database, and seeding would take most of the test.
    const server = await serve({ DATA_DIR: tempDir(), SEED_DEMO: "false" });
    try {
      const res = await server.post("/pay/test/cs_test_doesnotexist", { card: "success" });
      expect(res.status).toBe(404);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 120_000);

  describe("with Stripe", () => {
    const stripe = { fake: null as Awaited<ReturnType<typeof startFakeStripe>> | null };
    let server: Awaited<ReturnType<typeof serve>>;
    let requestId: string, holdId: string, hostEmail: string, buyerEmail: string;

    beforeAll(async () => {
      // A host with a paid order whose buyer asked to cancel, and a buyer holding paid tickets.
      const dataDir = tempDir();
      const database = await openDatabase({ engine: "pglite", dataDir: path.join(dataDir, "pglite") });
      const now = new Date();
      try {
        const { db } = database;
        await prepareDatabase(database);
        const host = await createUser(db, {
          userType: "host",
          firstName: "Harriet",
          lastName: "Host",
          hostTitle: "The Crown Collective",
        });
        const buyer = await createUser(db, { firstName: "Bea", lastName: "Buyer" });
        const e = await createEvent(db, { hostId: host.id, startsAt: new Date(now.getTime() + 14 * 86_400_000) }, [
          { pricePence: 1500, capacity: 20 },
        ]);
        // Paid through a payment Stripe has never seen: Stripe refuses to refund it (a definite no).
        const bought = await buyTickets(db, {
          eventId: e.id,
          buyer,
          quantity: 1,
          now,
          sign: (await loadTicketCodes(db)).sign,
        });
        ({ requestId } = await requestCancellation(db, {
          reference: bought.reference,
          userId: buyer.id,
          reason: "I can't make that date any more",
          now,
        }));
        const [type] = await db.select().from(ticketType).where(eq(ticketType.eventId, e.id));
        ({ holdId } = await holdTickets(db, {
          eventId: e.id,
          userId: buyer.id,
          lines: [{ ticketTypeId: type!.id, quantity: 1 }],
          now,
        }));
        hostEmail = host.email;
        buyerEmail = buyer.email;
      } finally {
        await database.close();
      }
      stripe.fake = await startFakeStripe();
      server = await serve({
        DATA_DIR: dataDir,
        STRIPE_SECRET_KEY: stripe.fake.apiKey,
        STRIPE_API_URL: stripe.fake.url,
      });
    }, 120_000);

    afterAll(async () => {
      await stripe.fake?.close();
      expect(await server?.stop()).toBe(0);
    });

    it("returns a cancellation to the host when Stripe refuses its refund, not left being refunded", async () => {
      const cookie = await server.signIn(hostEmail);
      const approved = await server.post("/h/tickets", { intent: "approve", target: requestId, refund: "" }, cookie);
      // The page, with the error table's status for a refusal at the provider.
      expect(approved.status).toBe(502);
      expect(await pageText(approved)).toContain(CANCEL_FAILED);
      expect(stripe.fake!.refunds).toHaveLength(0);
      // Refused, not unknown: the request waits for the host again, who can decline it now.
      const declined = await server.post("/h/tickets", { intent: "decline", target: requestId, message: "" }, cookie);
      expect(declined.status).toBe(200);
      expect(await pageText(declined)).toContain("Declined. We've let the buyer know.");
    }, 60_000);

    // Last: it stops the stand-in Stripe.
    it("shows the payment error on Pay when Stripe can't be reached, not a 500 page", async () => {
      await stripe.fake!.close();
      stripe.fake = null;
      const paid = await server.post(`/checkout/${holdId}`, { intent: "pay" }, await server.signIn(buyerEmail));
      expect(paid.status).toBe(502);
      expect(await pageText(paid)).toContain(messages.buyer.paymentError);
    }, 60_000);
  });
});
