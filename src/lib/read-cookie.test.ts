import { serialize } from "cookie";
import { describe, expect, it } from "vitest";
import { readCookie } from "./read-cookie";

describe("readCookie", () => {
  it("reads the named cookie among others, decoded as the cookie library wrote it", () => {
    const header = [
      "a=1",
      serialize("tb_consent", JSON.stringify({ necessary: true, statistics: false })),
      "tb_theme=dark",
    ].join("; ");
    expect(readCookie(header, "tb_theme")).toBe("dark");
    expect(JSON.parse(readCookie(header, "tb_consent")!)).toEqual({ necessary: true, statistics: false });
  });

  it("matches whole names only, and survives junk", () => {
    expect(readCookie("xtb_theme=light; tb_theme=dark", "tb_theme")).toBe("dark");
    expect(readCookie("tb_theme", "tb_theme")).toBeUndefined();
    expect(readCookie("tb_theme=%E0%A4%A", "tb_theme")).toBeUndefined();
    expect(readCookie("", "tb_theme")).toBeUndefined();
    expect(readCookie('tb_theme="dark"', "tb_theme")).toBe("dark");
  });
});
