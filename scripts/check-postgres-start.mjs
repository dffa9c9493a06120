// Starts two Ticketyboo instances at the same moment against one empty PostgreSQL database and
// checks that both serve, the schema is migrated once and the demo data is seeded exactly once.
// Usage: node scripts/check-postgres-start.mjs postgres://postgres@127.0.0.1:5432/test
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

const adminUrl = process.argv[2] ?? "postgres://postgres@127.0.0.1:5432/test";
const root = path.resolve(import.meta.dirname, "..");
const dbName = `tb_start_check_${process.pid}`;
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${dbName}`);
await admin.query(`CREATE DATABASE ${dbName}`);

const children = [];
let failed = false;
try {
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) throw new Error("Run `npm run build` first.");
  const ports = [3201, 3202];
  for (const port of ports) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tb-start-"));
    const child = spawn(process.execPath, ["scripts/serve.mjs"], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        DATABASE_URL: url.toString(),
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.on("exit", (code) => {
      if (code !== null && code !== 0) failed = true;
    });
    children.push(child);
  }
  for (const port of ports) await waitForHealth(port);
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  const seeds = await db.query(`select count(*)::int as n from app_meta where key = 'seed:demo'`);
  const users = await db.query(`select count(*)::int as n from "user" where email like '%@ticketyboo.test'`);
  const events = await db.query(`select count(*)::int as n from event`);
  const migrations = await db.query(`select count(*)::int as n from drizzle.__drizzle_migrations`);
  await db.end();
  const migrationFiles = fs.readdirSync(path.join(root, "src/db/migrations")).filter((f) => f.endsWith(".sql")).length;
  const checks = [
    ["both instances answered /api/health with db=postgres", true],
    ["seeded exactly once", seeds.rows[0].n === 1],
    ["five demo accounts, not ten", users.rows[0].n === 5],
    ["demo events present", events.rows[0].n >= 50],
    ["each migration applied once", migrations.rows[0].n === migrationFiles],
    ["neither instance crashed", !failed],
  ];
  for (const [what, ok] of checks) console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (checks.some(([, ok]) => !ok)) process.exitCode = 1;
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  for (const child of children) child.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 1500));
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}

async function waitForHealth(port) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) {
        const body = await res.json();
        if (body.db !== "postgres") throw new Error(`instance on ${port} reports db=${body.db}`);
        return;
      }
    } catch (error) {
      if (error instanceof Error && error.message.includes("reports db")) throw error;
    }
    if (failed) throw new Error(`an instance exited before serving (port ${port})`);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`instance on port ${port} did not become healthy in 90 s`);
}
