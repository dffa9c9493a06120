import fs from "node:fs";
import path from "node:path";

/**
 * PGlite is PostgreSQL in one process: two processes opening the same data directory both start,
 * and each silently overwrites the other's writes. So whoever opens it first writes its process id
 * to `<dataDir>.lock` (created exclusively), and anyone else is refused until that process ends.
 * A lock left behind by a process that died without closing (a crash, a kill -9) is taken over.
 */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `The database in ${dataDir} is already in use by another Ticketyboo (process ${ownerPid}). ` +
        "The embedded database allows one process at a time, and a second one would lose its writes. " +
        "Stop that process first, or give this one its own DATA_DIR, or set DATABASE_URL to a PostgreSQL server so " +
        "several instances can share it.",
    );
    this.name = "DataDirInUseError";
  }
}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

export function lockFileFor(dataDir: string): string {
  return `${path.resolve(dataDir)}.lock`;
}

/** Locks this process holds: its own id in the file says nothing about whether it is still open here. */
const heldHere = new Set<string>();

export function acquireDataDirLock(dataDir: string): DataDirLock {
  const file = lockFileFor(dataDir);
  if (heldHere.has(file)) throw new DataDirInUseError(path.resolve(dataDir), process.pid);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const mine = String(process.pid);
  // Written whole beside the lock, then linked into place: link fails if the lock exists, so exactly
  // one process gets it, and nobody ever reads a half-written pid.
  const draft = `${file}.${process.pid}.draft`;
  fs.writeFileSync(draft, mine);
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        fs.linkSync(draft, file);
        return ownLock(file, mine);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const owner = readPid(file);
      if (owner !== null && isAlive(owner)) throw new DataDirInUseError(path.resolve(dataDir), owner);
      takeOverStale(file, owner);
    }
    const owner = readPid(file);
    throw new DataDirInUseError(path.resolve(dataDir), owner ?? 0);
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

function ownLock(file: string, mine: string): DataDirLock {
  let held = true;
  heldHere.add(file);
  const release = () => {
    if (!held) return;
    held = false;
    heldHere.delete(file);
    process.off("exit", release);
    // Only our own lock: never one another process has since taken over.
    if (readRaw(file) === mine) fs.rmSync(file, { force: true });
  };
  // A process that exits without closing the database (an uncaught error) still lets go.
  process.on("exit", release);
  return { file, release };
}

/**
 * Moves a dead owner's lock aside. Two processes may find the same stale lock at once: the one whose
 * rename finds a different owner than the dead one put back what it moved (it was the winner's
 * fresh lock) and goes round again, where it finds the winner alive.
 */
function takeOverStale(file: string, deadOwner: number | null): void {
  const aside = `${file}.${process.pid}.stale`;
  try {
    fs.renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  const moved = readPid(aside);
  if (moved !== deadOwner && moved !== null && isAlive(moved)) {
    try {
      fs.linkSync(aside, file);
    } catch {
      // Someone else holds it now; the next round finds them.
    }
  }
  fs.rmSync(aside, { force: true });
}

function readRaw(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    return null;
  }
}

function readPid(file: string): number | null {
  const raw = readRaw(file);
  const pid = raw === null ? NaN : Number(raw);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/**
 * Whether a process with this id is running. Our own id in a lock this process does not hold means
 * the lock is from an earlier run that had the same id (a restarted container is often process 1 again).
 */
function isAlive(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
