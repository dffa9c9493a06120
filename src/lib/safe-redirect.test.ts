import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("keeps local paths with their query and hash", () => {
    expect(safeRedirect("/u/tickets?x=1#top", "/")).toBe("/u/tickets?x=1#top");
  });

  it.each([
    "https://evil.example",
    "//evil.example",
    "/\\evil.example",
    "javascript:alert(1)",
    "u/tickets",
    "/a\nb",
    "",
    "/\u20ac",
    "/caf\u00e9",
    "/a b",
    "/a\u0000",
    "/\uD800",
  ])("refuses %j", (target) => {
    expect(safeRedirect(target, "/u/dashboard")).toBe("/u/dashboard");
  });

  it("falls back when there is no target", () => {
    expect(safeRedirect(null, "/u/dashboard")).toBe("/u/dashboard");
  });
});
