import { describe, expect, it } from "vitest";
import { RESERVED_USERNAMES, usernameProblem } from "~/domain/profile-rules";
import routes from "./routes";

interface RouteEntry {
  path?: string;
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

describe("usernames and the app's routes", () => {
  it("keeps every top-level path of the app from being a host's booking page (/{username})", () => {
    const segments = [...topSegments(routes as RouteEntry[])];
    expect(segments).toContain("h");
    const free = segments.filter((s) => usernameProblem(s) === null);
    expect(free, "route names a host could take as a username").toEqual([]);
    expect(RESERVED_USERNAMES.has("studio")).toBe(true);
  });
});
