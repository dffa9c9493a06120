import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONSENT_COOKIE } from "~/lib/consent";
import { ALERTS_SEEN_COOKIE } from "~/lib/alerts-seen";
import { THEME_COOKIE } from "~/lib/theme";

/**
 * The cookie policy names every cookie the site sets: a name of ours (`tb_…`) written anywhere in the
 * code must be on /legal/cookie-policy, unless it is one of the few `tb_` names that are not cookies.
 */
const SRC = path.resolve(import.meta.dirname, "../../src");
const POLICY = path.join(SRC, "web/routes/legal/cookie-policy.tsx");

/** `tb_` names that are not cookies, and what they are. */
const NOT_COOKIES: Record<string, string> = {
  tb_basket: "the browser's storage (listed on the policy as 'Your basket')",
  tb_table_preferences: "the browser's storage (listed as 'Table settings in Partner Studio')",
  tb_session_by_token: "a prepared statement's name",
  tb_hold_definitions_by_: "a prepared statement's name",
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("the cookie policy", () => {
  const names = new Set(
    sourceFiles(SRC).flatMap((file) =>
      [...fs.readFileSync(file, "utf8").matchAll(/["'`](tb_[a-z_]+)/g)].map((m) => m[1]!),
    ),
  );
  const policy = fs.readFileSync(POLICY, "utf8");

  it("finds the site's cookies in the code", () => {
    for (const known of [CONSENT_COOKIE, THEME_COOKIE, ALERTS_SEEN_COOKIE, "tb_link", "tb_loc", "tb_door"])
      expect(names, known).toContain(known);
  });

  it("names every cookie the code sets", () => {
    // Three are listed through the constants that name them.
    const constants: Record<string, string> = {
      [CONSENT_COOKIE]: "CONSENT_COOKIE",
      [THEME_COOKIE]: "THEME_COOKIE",
      [ALERTS_SEEN_COOKIE]: "ALERTS_SEEN_COOKIE",
    };
    const listed = (name: string) =>
      policy.includes(`name: "${name}"`) ||
      policy.includes(`cookie ${name} (`) ||
      (name in constants && policy.includes(`name: ${constants[name]},`));
    const cookies = [...names].filter((name) => !(name in NOT_COOKIES)).sort();
    expect(cookies.filter((name) => !listed(name))).toEqual([]);
  });
});
