import type { ServerBuild } from "react-router";
import { createServer } from "vite";

/**
 * React Router's server build of the app, made by Vite from source as the dev server makes it (no
 * hot reload, no file watching), for tests that drive pages and forms through the whole app.
 *
 * Made once per test worker: the integration files share a worker's modules (Vitest's `isolate:
 * false`, see vitest.config.ts), so the second file that asks gets the first one's build rather than
 * transforming every route again, which took several seconds a file. The build holds no database:
 * each file passes its own through the app's context. `close` is kept for the callers' symmetry and
 * lets Vite go only when the worker ends.
 */
let shared: Promise<ServerBuild> | undefined;

export async function loadRouteBuild(): Promise<{ build: ServerBuild; close: () => Promise<void> }> {
  shared ??= createServer({
    root: process.cwd(),
    configFile: "vite.config.ts",
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: "custom",
    logLevel: "silent",
  }).then((vite) => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>);
  return { build: await shared, close: async () => {} };
}
