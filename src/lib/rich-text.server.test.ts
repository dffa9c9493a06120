import { describe, expect, it } from "vitest";
import { descriptionText, sanitizeDescription } from "./rich-text.server";

describe("sanitizeDescription", () => {
  it("keeps the editor's marks", () => {
    const html =
      "<h2>Rounds</h2><p><strong>Six</strong> rounds, <em>one</em> picture round.</p><ul><li>£2 a head</li></ul>";
    expect(sanitizeDescription(html)).toBe(html);
  });

  it("drops scripts, handlers, styles, images and frames", () => {
    const dirty =
      '<p onclick="steal()" style="color:red">Hi<script>alert(1)</script></p><img src=x onerror=alert(1)>' +
      '<iframe src="https://evil.example"></iframe><style>body{}</style>';
    expect(sanitizeDescription(dirty)).toBe("<p>Hi</p>");
  });

  it("keeps web links, opening in a new tab without the opener, and drops script links", () => {
    expect(sanitizeDescription('<p><a href="https://crown.example/menu" class="x">Menu</a></p>')).toBe(
      '<p><a href="https://crown.example/menu" rel="nofollow noopener noreferrer" target="_blank">Menu</a></p>',
    );
    expect(sanitizeDescription('<p><a href="javascript:alert(1)">x</a></p>')).toBe("<p>x</p>");
  });

  it("turns plain text into paragraphs, escaped", () => {
    expect(sanitizeDescription("Doors 7pm\nStart 7:30\n\nTeams of <6")).toBe(
      "<p>Doors 7pm<br />Start 7:30</p><p>Teams of &lt;6</p>",
    );
  });

  it("answers empty for an empty editor", () => {
    expect(sanitizeDescription("<p></p>")).toBe("");
    expect(sanitizeDescription("   ")).toBe("");
  });

  it("gives the words alone for meta descriptions", () => {
    const html = "<h2>Rounds</h2><p>Six &amp; a <strong>picture</strong> round</p><ul><li>£2</li></ul>";
    expect(descriptionText(html)).toBe("Rounds Six & a picture round £2");
  });
});
