import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hostSettingsMessages as m } from "~/texts/host-settings-messages";
import {
  checkBrandColors,
  checkSocialLink,
  checkSocialLinks,
  contrastRatio,
  DARK_TEXT,
  MIN_TEXT_CONTRAST,
  normaliseHexColor,
  ratioText,
  readColor,
  socialLinksOf,
  WHITE_TEXT,
} from "./host-profile";

describe("social links", () => {
  it("takes a network's own addresses, adding https:// when none was typed", () => {
    expect(checkSocialLink("instagram", "instagram.com/kelhamquiz")).toEqual({
      ok: true,
      url: "https://instagram.com/kelhamquiz",
    });
    expect(checkSocialLink("instagram", " https://www.instagram.com/kelhamquiz/ ")).toEqual({
      ok: true,
      url: "https://www.instagram.com/kelhamquiz/",
    });
    expect(checkSocialLink("x", "https://twitter.com/kelham")).toMatchObject({ ok: true });
    expect(checkSocialLink("facebook", "https://m.facebook.com/kelham")).toMatchObject({ ok: true });
    expect(checkSocialLink("bandcamp", "https://theband.bandcamp.com")).toMatchObject({ ok: true });
    expect(checkSocialLink("website", "https://kelham.example.co.uk")).toMatchObject({ ok: true });
    expect(checkSocialLink("tiktok", "")).toEqual({ ok: true, url: null });
  });

  it("refuses another site, a network's home page, http and things that aren't addresses, naming the network", () => {
    const instagram = { ok: false, message: m.badLink("Instagram", "https://www.instagram.com/yourname") };
    expect(checkSocialLink("instagram", "https://evil.example/instagram.com/x")).toEqual(instagram);
    expect(checkSocialLink("instagram", "https://instagram.com.evil.example/x")).toEqual(instagram);
    expect(checkSocialLink("instagram", "https://instagram.com/")).toEqual(instagram);
    expect(checkSocialLink("instagram", "javascript:alert(1)")).toEqual(instagram);
    expect(checkSocialLink("instagram", "https://user:pw@instagram.com/x")).toEqual(instagram);
    expect(checkSocialLink("instagram", "http://instagram.com/x")).toEqual({
      ok: false,
      message: m.linkNotHttps("Instagram"),
    });
    expect(checkSocialLink("website", "not a link")).toMatchObject({ ok: false });
    expect(checkSocialLink("website", "https://localhost/x")).toMatchObject({ ok: false });
  });

  it("checks every network at once and reads back only what it knows", () => {
    expect(checkSocialLinks({ instagram: "instagram.com/a", x: "facebook.com/a" })).toEqual({
      ok: false,
      problems: { x: m.badLink("X (Twitter)", "https://x.com/yourname") },
    });
    expect(checkSocialLinks({ instagram: "instagram.com/a", x: "" })).toEqual({
      ok: true,
      links: { instagram: "https://instagram.com/a" },
    });
    expect(socialLinksOf({ instagram: "https://instagram.com/a", myspace: "https://myspace.com/a", x: 3 })).toEqual({
      instagram: "https://instagram.com/a",
    });
    expect(socialLinksOf(null)).toEqual({});
  });
});

describe("brand colours", () => {
  it("reads hex colours however they are typed", () => {
    expect(normaliseHexColor("#C8175F")).toBe("#c8175f");
    expect(normaliseHexColor("c8175f")).toBe("#c8175f");
    expect(normaliseHexColor(" #c17 ")).toBe("#cc1177");
    expect(normaliseHexColor("pink")).toBeNull();
    expect(normaliseHexColor("#c8175")).toBeNull();
  });

  it("measures contrast as WCAG does", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBe(1);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(ratioText(4.4999)).toBe("4.4");
  });

  it("chooses white or dark text, whichever reads better, and none when neither reaches 4.5:1", () => {
    expect(readColor("#c8175f").text).toBe(WHITE_TEXT);
    expect(readColor("#fde68a").text).toBe(DARK_TEXT);
    expect(readColor("#808080").text).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffff }), (n) => {
        const hex = `#${n.toString(16).padStart(6, "0")}`;
        const r = readColor(hex);
        if (r.text) expect(contrastRatio(hex, r.text)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
        else expect(Math.max(r.onWhiteText, r.onDarkText)).toBeLessThan(MIN_TEXT_CONTRAST);
      }),
    );
  });

  it("warns of a colour a button would barely show in, on a white page or a dark one", () => {
    expect(readColor("#ffffff").faintOn).toBe("light");
    expect(readColor("#fde68a").faintOn).toBe("light");
    expect(readColor("#1b1620").faintOn).toBe("dark");
    expect(readColor("#c8175f").faintOn).toBeNull();
  });

  it("saves readable colours, leaves empty ones to the site's pink, and says why a colour is refused", () => {
    expect(checkBrandColors({ brandColor: "#1E3A8A", accentColor: "" })).toEqual({
      ok: true,
      colors: { brandColor: "#1e3a8a", accentColor: null },
    });
    expect(checkBrandColors({ brandColor: "#808080", accentColor: "blue" })).toEqual({
      ok: false,
      problems: {
        brandColor: m.unreadableColor("Main colour", "#808080", "3.9", "4.4"),
        accentColor: m.badColor("Second colour"),
      },
    });
  });
});
