import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "vitest";

/**
 * The benchmarks run under tsx, without Vite: every module they load (the server, the test app, the
 * factories) must load there too. A Vite-only construct such as `import.meta.glob` in the server's
 * graph once broke every benchmark while the suite, which runs through Vite, stayed green.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");

test("the benchmarks' harness and the server it starts load without Vite", { timeout: 60_000 }, () => {
  const probe = `
    const lib = await import("./bench/lib.ts");
    const app = await import("./src/server/app.ts");
    const pages = await import("./src/lib/info-pages.server.ts");
    console.log(JSON.stringify({
      harness: typeof lib.startBenchServer,
      app: typeof app.createApp,
      terms: pages.infoPageAt("/legal/terms-of-use")?.updated ?? null,
    }));`;
  const run = spawnSync(path.join(ROOT, "node_modules/.bin/tsx"), ["--input-type=module", "-e", probe], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, NODE_ENV: "test" },
  });
  expect(run.stderr).toBe("");
  const loaded = JSON.parse(run.stdout.trim().split("\n").at(-1) ?? "{}");
  expect(loaded).toEqual({ harness: "function", app: "function", terms: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
});
