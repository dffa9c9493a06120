// `npm run dev`: the server through Vite's dev server, with hot reload. The program itself
// (src/server/program.ts) is loaded by Vite, like the pages, so both share one copy of every module
// of `src/`, as they do in the built bundle.
import path from "node:path";
import { createServer } from "vite";

const root = path.resolve(import.meta.dirname, "..");

const vite = await createServer({ root, server: { middlewareMode: true }, appType: "custom" });
const { runProgram } = await vite.ssrLoadModule("/src/server/program.ts");
runProgram({
  root,
  dev: true,
  getBuild: () => vite.ssrLoadModule("virtual:react-router/server-build"),
  devMiddleware: vite.middlewares,
});
