import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";

/**
 * Start-up refusals, through the real entry point: `src/server/main.ts` as `npm start` runs it. Each
 * start here is refused before it needs a build, so none is made.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const dirs: string[] = [];

afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tb-main-"));
  dirs.push(dir);
  return dir;
}

/** Runs the server (or `npm start`'s script) with `env` until it exits by itself; its exit code and what it printed. */
function start(env: Record<string, string>, entry: string[] = ["--import", "tsx", "src/server/main.ts"]): Promise<{ code: number | null; output: string }> {
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
    // The script as it is, in a checkout with no build yet, where it would build first.
    const checkout = tempDir();
    fs.mkdirSync(path.join(checkout, "scripts"));
    fs.copyFileSync(path.join(ROOT, "scripts/start.mjs"), path.join(checkout, "scripts/start.mjs"));
    for (const dir of ["src", "public", "node_modules/.bin"]) fs.mkdirSync(path.join(checkout, dir), { recursive: true });
    fs.writeFileSync(path.join(checkout, "src/app.ts"), "export {};\n");
    // A build that would only say it ran (nothing is fetched or built for real).
    fs.writeFileSync(path.join(checkout, "node_modules/.bin/react-router"), "#!/bin/sh\necho built-for-the-test\nexit 1\n", { mode: 0o755 });
    try {
      const { code, output } = await start({ PORT: String(port), DATA_DIR: tempDir() }, [path.join(checkout, "scripts/start.mjs")]);
      expect(code).toBe(1);
      expect(output).toContain(`Port ${port} is already in use on 127.0.0.1`);
      expect(output).not.toMatch(/building|built-for-the-test/i);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
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
    for (const url of ["mysql://root@127.0.0.1/ticketyboo", "./data/pglite", "https://example.com/db"]) {
      const { code, output } = await start({ PORT: "0", DATA_DIR: tempDir(), DATABASE_URL: url });
      expect(code, url).toBe(1);
      expect(output, url).toContain("Invalid configuration");
      expect(output, url).toContain("DATABASE_URL: must be a PostgreSQL URL");
    }
  });
});
