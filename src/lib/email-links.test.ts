import { describe, expect, it } from "vitest";
import { linksInEmail } from "./email-links";

describe("linksInEmail", () => {
  it("finds each link with its visible text and decoded address, in order", () => {
    const html = [
      `<p>Hi</p><a href="https://x.test/verify?token=a&amp;callbackURL=%2Fdone" style="color:red">`,
      `<span><!--[if mso]><i> </i><![endif]-->Verify my email</span></a>\n      `,
      `<p><a style="x" href='https://x.test/verify?token=a&amp;callbackURL=%2Fdone'>`,
      `https://x.test/verify?token=a&amp;callbackURL=%2Fdone</a></p>`,
    ].join("");
    expect(linksInEmail(html)).toEqual([
      { href: "https://x.test/verify?token=a&callbackURL=%2Fdone", text: "Verify my email" },
      {
        href: "https://x.test/verify?token=a&callbackURL=%2Fdone",
        text: "https://x.test/verify?token=a&callbackURL=%2Fdone",
      },
    ]);
  });

  it("decodes entities in the text and falls back to the address when a link has none", () => {
    expect(
      linksInEmail(
        `<a href="mailto:help@x.test">We&#x27;re here &amp; happy</a><a href="https://x.test/"><img src="a.png"></a>`,
      ),
    ).toEqual([
      { href: "mailto:help@x.test", text: "We're here & happy" },
      { href: "https://x.test/", text: "https://x.test/" },
    ]);
  });

  it("leaves out links that are not web or mail addresses", () => {
    expect(
      linksInEmail(
        `<a href="javascript:alert(1)">Click</a><a href=" JaVaScRiPt:x">y</a><a href="#top">Top</a><a name="x">No ` +
          `href</a>`,
      ),
    ).toEqual([]);
  });
});
