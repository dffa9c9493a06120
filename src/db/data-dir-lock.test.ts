import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "./client.server";
import { DataDirInUseError, lockFileFor } from "./data-dir-lock.server";

const dirs: string[] = [];
const opened: Database[] = [];

function freshDataDir() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "tb-lock-"));
  dirs.push(root);
  return path.join(root, "pglite");
}

async function open(dataDir: string) {
  const database = await openDatabase({ engine: "pglite", dataDir });
  opened.push(database);
  return database;
}

/** The id of a process that has certainly ended: one we started and waited for. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(child.stdout);
}

afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("one process per PGlite data directory", () => {
  it("refuses a second opening of a data directory in use, saying which process holds it and what to do", async () => {
    const dataDir = freshDataDir();
    await open(dataDir);
    expect(fs.readFileSync(lockFileFor(dataDir), "utf8")).toBe(String(process.pid));
    const second = openDatabase({ engine: "pglite", dataDir });
    await expect(second).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(second).rejects.toThrow(`already in use by another Ticketyboo (process ${process.pid})`);
    await expect(second).rejects.toThrow(/set DATABASE_URL to a PostgreSQL server/);
  });

  it("lets go when closed, so the next process can open it", async () => {
    const dataDir = freshDataDir();
    const first = await open(dataDir);
    await first.db.execute("create table kept (n int)");
    await first.db.execute("insert into kept values (42)");
    await first.close();
    expect(fs.existsSync(lockFileFor(dataDir))).toBe(false);
    const again = await open(dataDir);
    const { rows } = await again.db.execute<{ n: number }>("select n from kept");
    expect(rows).toEqual([{ n: 42 }]);
  });

  it("takes over a lock left by a process that died without closing", async () => {
    const dataDir = freshDataDir();
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    fs.writeFileSync(lockFileFor(dataDir), String(deadPid()));
    await open(dataDir);
    expect(fs.readFileSync(lockFileFor(dataDir), "utf8")).toBe(String(process.pid));
  });

  it("takes over a lock with its own id from an earlier run (a restarted container is process 1 again)", async () => {
    const dataDir = freshDataDir();
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    fs.writeFileSync(lockFileFor(dataDir), String(process.pid));
    await open(dataDir);
    expect(fs.readFileSync(lockFileFor(dataDir), "utf8")).toBe(String(process.pid));
  });

  it("refuses while a live process named in the lock holds it", async () => {
    const dataDir = freshDataDir();
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    // Our parent (the test runner) is alive, and not us.
    fs.writeFileSync(lockFileFor(dataDir), String(process.ppid));
    await expect(openDatabase({ engine: "pglite", dataDir })).rejects.toThrow(`process ${process.ppid}`);
    expect(fs.readFileSync(lockFileFor(dataDir), "utf8")).toBe(String(process.ppid));
    expect(fs.existsSync(path.join(dataDir, "PG_VERSION"))).toBe(false);
  });
});
