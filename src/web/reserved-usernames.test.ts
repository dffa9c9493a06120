import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RESERVED_USERNAMES, usernameProblem } from "~/domain/profile-rules";
import routes from "./routes";

interface RouteEntry {
  path?: string;
  file?: string;
  children?: RouteEntry[];
}

/**
 * The first segment of every path the app serves, however deep in its layouts. A child of a route
 * with a path continues that path ("share" under "h/events/:eventId/edit"), so only the children of
 * pathless layouts start at the top.
 */
function topSegments(entries: RouteEntry[], out = new Set<string>()): Set<string> {
  for (const entry of entries) {
    const first = entry.path?.split("/")[0];
    if (first && !first.startsWith(":") && first !== "*") out.add(first);
    if (entry.children && !entry.path) topSegments(entry.children, out);
  }
  return out;
}

/** What the server answers before React Router (src/server/app.ts: `app.route("/t", …)`). */
function serverPrefixes(): string[] {
  const source = readFileSync(new URL("../server/app.ts", import.meta.url), "utf8");
  return [...new Set([...source.matchAll(/app\.(?:route|get|all)\(\s*"\/([^/"*]+)/g)].map((m) => m[1]!))];
}

/** Top-level pages spec §2 plans (issue 22 and after), reserved before their routes exist. */
const PLANNED = [
  "hosts",
  "hosting",
  "blogs",
  "guides",
  "help",
  "case-studies",
  "news-center",
  "about",
  "contact",
  "pricing",
  "faqs",
  "get-the-app",
  "careers",
  "investors",
  "submit-an-event",
  "for-guests",
  "legal",
  "site-map",
  "admin",
  "api",
  "img",
  "media",
  "assets",
];

describe("usernames and the app's routes", () => {
  const segments = [...topSegments(routes as RouteEntry[])];

  it("reads the app's top-level paths, not nested ones", () => {
    expect(segments).toEqual(expect.arrayContaining(["h", "u", "explore", "events", "log-in", "user"]));
    expect(segments).not.toContain("share");
    expect(serverPrefixes()).toEqual(expect.arrayContaining(["api", "media", "img", "t"]));
  });

  it("reserves every first path segment of src/web/routes.ts, so /{username} never shadows a page", () => {
    const missing = segments.filter((s) => !RESERVED_USERNAMES.has(s));
    expect(missing, "add these to RESERVED_USERNAMES (src/domain/profile-rules.ts)").toEqual([]);
    expect(
      segments.filter((s) => usernameProblem(s) === null),
      "route names a host could take",
    ).toEqual([]);
  });

  it("reserves what the server answers before the pages, and the pages spec §2 plans", () => {
    const missing = [...serverPrefixes(), ...PLANNED].filter((s) => !RESERVED_USERNAMES.has(s));
    expect(missing, "add these to RESERVED_USERNAMES (src/domain/profile-rules.ts)").toEqual([]);
    expect(RESERVED_USERNAMES.has("studio")).toBe(true);
  });

  it("serves the booking page at the top level, beside the site's pages", () => {
    const pages = (routes as RouteEntry[]).find((entry) => entry.file === "routes/_pages.tsx");
    expect(pages?.children?.some((entry) => entry.path === ":username")).toBe(true);
  });
});
