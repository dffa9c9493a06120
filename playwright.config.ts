import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "./tests/setup/chromium";

const PORT = Number(process.env.E2E_PORT ?? 3100);
// A fresh data dir per run: the app migrates and seeds it like a first `npm start`.
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `ticketyboo-e2e-${process.pid}`);
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  // Under CI a failing test is tried once more, so the report can tell a flaky test from a broken
  // one; a test that passes only on its retry still fails the run.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: !!process.env.CI,
  // Nor may a test.only left behind quietly run one test in place of the suite.
  forbidOnly: !!process.env.CI,
  // Long journeys on a 2-core machine running the server and two browsers; expectations wait up to 10 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A trace only for a failed test's retry: recording one for every test (retain-on-failure) cost
    // about a tenth of the suite's time in screenshots and snapshots thrown away on success.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
      testIgnore: /.*\.mobile\.spec\.ts/,
    },
    { name: "phone", use: { ...devices["Pixel 7"] }, testMatch: /.*\.mobile\.spec\.ts/ },
  ],
  webServer: {
    command: "node scripts/start.mjs",
    url: `http://localhost:${PORT}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      ENABLE_DEV_ROUTES: "true",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      // Map tiles from our own dev route: nothing outside is reachable in tests.
      MAP_TILE_URL: `http://localhost:${PORT}/dev/tiles/{z}/{x}/{y}.png`,
    },
  },
});
