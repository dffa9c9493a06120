import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { ENGINE_BLIND, HTTP_SWEEPS } from "../setup/postgres-run";

/**
 * The PostgreSQL run leaves out the files of `ENGINE_BLIND` (decision 0057). A file named there that
 * later opens a test database would quietly never meet PostgreSQL, so each one that claims to open
 * none is read here; and a name that no longer exists would leave a stale line.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const OPENS_A_TEST_DATABASE = /createTestDatabase|studioTestApp|openOtherInstance|TEST_DATABASE_URL|inject\(/;

test("every file the PostgreSQL run leaves out exists, and all but the HTTP sweeps open no test database", () => {
  for (const file of Object.keys(ENGINE_BLIND)) {
    const source = fs.readFileSync(path.join(ROOT, file), "utf8");
    if (HTTP_SWEEPS.includes(file)) expect(source, file).toMatch(OPENS_A_TEST_DATABASE);
    else expect(source, `${file} opens a test database: take it off ENGINE_BLIND`).not.toMatch(OPENS_A_TEST_DATABASE);
  }
  for (const file of HTTP_SWEEPS) expect(Object.keys(ENGINE_BLIND), file).toContain(file);
});
