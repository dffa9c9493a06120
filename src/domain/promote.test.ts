import { describe, expect, it } from "vitest";
import {
  isTrackingCode,
  shareTexts,
  trackedEventPath,
  trackingCodeFrom,
  trackingCodeOfPress,
  trackingCookie,
  utmValue,
  widgetEmbedCode,
} from "./promote";

describe("tracking codes", () => {
  it("makes eight characters without look-alikes from random bytes, and knows its own", () => {
    const code = trackingCodeFrom(Uint8Array.from([0, 1, 2, 3, 30, 31, 200, 255]));
    expect(code).toMatch(/^[2-9a-hjkmnp-z]{8}$/);
    expect(isTrackingCode(code)).toBe(true);
    for (const other of ["", "abc", "ABCDEFGH", "abcdefg1", "abcdefgo", "abcdefghi", "abcd efg"])
      expect(isTrackingCode(other), other).toBe(false);
    expect(() => trackingCodeFrom(new Uint8Array(4))).toThrow();
  });

  it("turns a host's words into UTM values analytics tools like", () => {
    expect(utmValue("Instagram bio")).toBe("instagram-bio");
    expect(utmValue("  Sam the Promoter!! ")).toBe("sam-the-promoter");
    expect(utmValue("Café Crème")).toBe("cafe-creme");
    expect(utmValue("news_letter.dec")).toBe("news_letter.dec");
    expect(utmValue("🎉")).toBe("");
    expect(utmValue("a".repeat(59) + " b c")).toBe("a".repeat(59));
  });

  it("sends people to the event with the tags and the code", () => {
    expect(trackedEventPath("folk-night", { source: "sam", medium: "referral", campaign: "winter" }, "abcdefgh")).toBe(
      "/events/folk-night?utm_source=sam&utm_medium=referral&utm_campaign=winter&tb_link=abcdefgh",
    );
  });
});

describe("which link a Checkout press came through", () => {
  const page = "https://ticketyboo.test/events/folk?utm_source=x&tb_link=abcdefgh";
  const consent = (statistics: boolean) =>
    `tb_consent=${encodeURIComponent(JSON.stringify({ performance: false, statistics, savedAt: "" }))}`;
  const allowed = `${consent(true)}; tb_link=zzzzzzzz`;
  it("takes the page's code first, then the cookie's while statistics are allowed, ignoring malformed ones", () => {
    expect(trackingCodeOfPress(allowed, page)).toBe("abcdefgh");
    expect(trackingCodeOfPress("tb_link=zzzzzzzz", page)).toBe("abcdefgh");
    expect(trackingCodeOfPress(allowed, "https://ticketyboo.test/events/folk")).toBe("zzzzzzzz");
    expect(trackingCodeOfPress(allowed, null)).toBe("zzzzzzzz");
    expect(trackingCodeOfPress(`${consent(false)}; tb_link=zzzzzzzz`, null)).toBeNull();
    expect(trackingCodeOfPress("tb_link=zzzzzzzz", null)).toBeNull();
    expect(trackingCodeOfPress(`${consent(true)}; tb_link=<script>`, "not a url")).toBeNull();
    expect(trackingCodeOfPress("", "https://ticketyboo.test/events/folk?tb_link=ABC")).toBeNull();
  });

  it("remembers it in an HttpOnly first-party cookie for 30 days", () => {
    expect(trackingCookie("abcdefgh", true)).toBe(
      "tb_link=abcdefgh; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax; Secure",
    );
  });
});

describe("the share kit's words", () => {
  it("embeds the widget page (spec §2: /hosts/{hostId}) with the event, escaping what it quotes", () => {
    const code = widgetEmbedCode({
      publicUrl: "https://ticketyboo.test/",
      hostId: "host-1",
      slug: "folk-night",
      eventName: 'Folk "Night" <Live>',
    });
    expect(code.iframe).toContain('src="https://ticketyboo.test/hosts/host-1?event=folk-night"');
    expect(code.iframe).toContain('title="Book tickets: Folk &quot;Night&quot; &lt;Live&gt;"');
    expect(code.button).toContain('href="https://ticketyboo.test/events/folk-night"');
    // Every upcoming event of the host's: the widget's list.
    expect(code.programme).toContain('src="https://ticketyboo.test/hosts/host-1"');
  });

  it("writes ready texts with the name, when, where, price and link, leaving out a price there isn't", () => {
    const facts = {
      name: "Folk Night",
      when: "Sat, 5 Dec, 7:30 pm",
      where: "The Fat Cat, Sheffield",
      price: "£10.10",
      url: "https://ticketyboo.test/events/folk-night",
    };
    const texts = shareTexts(facts);
    expect(texts.map((t) => t.id)).toEqual(["social", "short", "email"]);
    for (const t of texts) for (const part of Object.values(facts)) expect(t.text).toContain(part);
    for (const t of shareTexts({ ...facts, price: null })) expect(t.text).not.toContain("null");
  });
});
