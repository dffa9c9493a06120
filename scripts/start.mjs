// `npm start`: build when the build is missing or older than the sources (src/, public/, content/), then serve
// the built program (scripts/serve.mjs: the server and the pages in one bundle) with plain node.
import { spawnSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
// `--build-only`: bring the build up to date and stop (for tests that run the built server).
const buildOnly = process.argv.includes("--build-only");

// A port in use stops us before a build that could take a minute (the server checks again as it starts).
const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || "0.0.0.0";
if (!buildOnly && Number.isInteger(port) && port > 0 && port <= 65535 && !(await portIsFree(port, host))) {
  console.error(
    `Port ${port} is already in use on ${host}: another Ticketyboo, or another program, is serving there. Stop it, ` +
      `or set PORT to a free port (e.g. PORT=${port + 1} npm start).`,
  );
  process.exit(1);
}
// One build at a time: test files that start the built server can ask together (two Vitest workers),
// and two builds into one folder would cost twice and could leave it half written. The second waits
// for the first, then finds the build up to date. (Not in build/: the build empties that folder.)
const lock = path.join(root, "node_modules/.cache/ticketyboo-build.lock");
if (isStale()) {
  await takeLock();
  let status = 0;
  try {
    if (isStale()) status = build();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
  if (status !== 0) process.exit(status);
}
if (buildOnly) process.exit(0);

// A larger young generation: a server makes many short-lived objects per request, and fewer,
// larger scavenges cost less in all (about 15% more requests a second under load here).
const child = spawn(process.execPath, ["--max-semi-space-size=32", path.join(root, "scripts/serve.mjs")], {
  cwd: process.cwd(),
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));

function isStale() {
  const builtAt = mtime(path.join(root, "build/server/index.js"));
  const sourcesAt = Math.max(
    newest(path.join(root, "src")),
    newest(path.join(root, "public")),
    // The markdown pages are read into the build (content/README.md says how to edit them).
    newest(path.join(root, "content")),
    ...["package.json", "vite.config.ts", "react-router.config.ts"].map((f) => mtime(path.join(root, f))),
  );
  return builtAt < sourcesAt;
}

/** Builds for production; the build's exit status. */
function build() {
  const first = !fs.existsSync(path.join(root, "build/server/index.js"));
  console.log(first ? "No build yet: building…" : "Sources changed since the last build: rebuilding…");
  // Always a production build, whatever NODE_ENV the caller has (a test runner sets "test", which
  // would otherwise give the browser React's development build).
  const result = spawnSync("npx", ["react-router", "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  return result.status ?? 1;
}

/** The build's lock: a folder (made or not, atomically) naming the process that holds it. */
async function takeLock() {
  for (;;) {
    try {
      fs.mkdirSync(path.dirname(lock), { recursive: true });
      fs.mkdirSync(lock);
      fs.writeFileSync(path.join(lock, "pid"), String(process.pid));
      return;
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
    }
    // A holder that has gone (a build killed half way) leaves its lock: take it over.
    if (lockIsAbandoned()) fs.rmSync(lock, { recursive: true, force: true });
    else await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function lockIsAbandoned() {
  try {
    const holder = Number(fs.readFileSync(path.join(lock, "pid"), "utf8"));
    return holder > 0 && !isAlive(holder);
  } catch {
    // No name in it yet: abandoned only if it has stayed nameless for a while.
    return Date.now() - mtime(lock) > 10_000 && mtime(lock) > 0;
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function newest(dir) {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) latest = Math.max(latest, newest(full));
    else if (!entry.name.includes(".test.")) latest = Math.max(latest, mtime(full));
  }
  return latest;
}

function portIsFree(port, host) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", (error) => resolve(error.code !== "EADDRINUSE"));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}
