import { execSync } from "node:child_process";
import fs from "node:fs";

/**
 * Finds Debian's Chromium for Playwright (we never download a browser build). Looks at
 * CHROMIUM_PATH, then the usual paths; as root it installs the `chromium` package when none is
 * found, otherwise it stops with the one command to run.
 */
export function findChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(
    Boolean,
  ) as string[];
  const found = candidates.find((p) => fs.existsSync(p));
  if (found) return found;
  if (process.getuid?.() === 0) {
    console.log("Chromium not found: installing Debian's chromium package…");
    execSync("apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium", { stdio: "inherit" });
    if (fs.existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  }
  throw new Error(
    "Chromium is needed for the e2e tests. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH)",
  );
}

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // No GPU here: drawing in the browser's own process saves a process's worth of messages per frame
  // (about a tenth of a journey's time on a machine where system calls are slow). Decision 0051.
  "--in-process-gpu",
];
