import { afterAll, beforeAll } from "vitest";
import type { Database } from "~/db/client.server";
import { loadRouteBuild } from "./route-build";
import { createTestApp } from "./test-app";
import { createTestDatabase } from "./test-db";

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The whole app over HTTP with React Router's built pages, on a fresh copy of the test database,
 * made before a test file's tests and closed after them (call it once, at the top of the file), with
 * `env` added to its configuration.
 * `send` asks for a page, or posts a form as a browser without JavaScript does: from the site's own
 * origin, redirects not followed.
 */
export function studioTestApp(name: string, env: Record<string, string> = {}) {
  let database: Database | undefined;
  let testApp: TestApp | undefined;
  let routes: Awaited<ReturnType<typeof loadRouteBuild>> | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    routes = await loadRouteBuild();
    const { build } = routes;
    testApp = await createTestApp(
      database,
      { DATA_DIR: `/tmp/ticketyboo-${name}-${process.pid}`, ...env },
      { getBuild: async () => build },
    );
  }, 120_000);

  afterAll(async () => {
    await testApp?.close();
    await routes?.close();
    await database?.close();
  });

  const made = <T>(thing: T | undefined, what: string): T => {
    if (thing === undefined) throw new Error(`${what} is made in beforeAll: use it inside a test`);
    return thing;
  };

  return {
    get database(): Database {
      return made(database, "The test database");
    },
    get testApp(): TestApp {
      return made(testApp, "The test app");
    },
    send(path: string, cookie: string | null, form?: Record<string, string>) {
      const app = made(testApp, "The test app");
      return app.app.request(new URL(path, app.config.publicUrl).href, {
        method: form ? "POST" : "GET",
        redirect: "manual",
        headers: {
          Origin: app.config.publicUrl,
          ...(cookie ? { Cookie: cookie } : {}),
          ...(form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
        },
        body: form ? new URLSearchParams(form).toString() : undefined,
      });
    },
  };
}
