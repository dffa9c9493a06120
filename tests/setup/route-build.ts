import type { ServerBuild } from "react-router";
import { createServer, type ViteDevServer } from "vite";

/**
 * React Router's server build of the app, made by Vite from source as the dev server makes it (no
 * hot reload, no file watching), for tests that drive pages and forms through the whole app.
 * `close` stops Vite.
 */
export async function loadRouteBuild(): Promise<{ build: ServerBuild; close: () => Promise<void> }> {
  const vite: ViteDevServer = await createServer({
    root: process.cwd(),
    configFile: "vite.config.ts",
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: "custom",
    logLevel: "silent",
  });
  const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  return { build, close: () => vite.close() };
}
