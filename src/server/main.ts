// The production server: Vite builds this file, with React Router's server build imported below,
// into one bundle (`build/server/index.js`), so the Hono app, the services and the pages share one
// copy of every module of `src/`. `scripts/serve.mjs` runs it with plain node (`npm start` does).
import path from "node:path";
import * as reactRouterBuild from "virtual:react-router/server-build";
import type { ServerBuild } from "react-router";
import { runProgram } from "./program";

/** React Router's server build, as bundled with the server. */
export const build: ServerBuild = reactRouterBuild;

/** Serves the built app; `root` is the project's root (package.json, build/client). */
export function serve(root: string): void {
  runProgram({
    root,
    dev: false,
    getBuild: async () => build,
    clientDir: path.relative(process.cwd(), path.join(root, "build/client")),
  });
}
