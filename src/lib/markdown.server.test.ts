import { describe, expect, it } from "vitest";
import { readMarkdownDocument, renderMarkdown } from "./markdown.server";

describe("renderMarkdown", () => {
  it("renders headings, lists, tables and links", () => {
    const html = renderMarkdown("# Terms\n\n- one\n- two\n\n| a | b |\n|---|--:|\n| 1 | 2 |\n\n[Help](/help)");
    expect(html).toContain("<h2>Terms</h2>");
    expect(html).toContain("<li>one</li>");
    expect(html).toContain('<td style="text-align:right">2</td>');
    expect(html).toContain('<a href="/help">Help</a>');
  });

  it("puts a table in a box that scrolls sideways on its own, reached by keyboard and named by its heading", () => {
    const html = renderMarkdown('## Fees "passed on"\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n| c |\n|---|\n| 3 |');
    expect(html).toContain(
      '<div class="table-scroll" role="region" tabindex="0" aria-label="Table: Fees “passed on”"><table>',
    );
    expect(html.match(/<div class="table-scroll"/g)).toHaveLength(2);
    expect(html.match(/<\/table><\/div>/g)).toHaveLength(2);
    expect(renderMarkdown("| a |\n|---|\n| 1 |")).toContain('aria-label="Table"');
    // Written as HTML, a box is words on the page like any other tag.
    expect(renderMarkdown('<div class="table-scroll" onclick="x">')).not.toContain("<div");
  });

  it("opens other sites' links safely in a new tab", () => {
    expect(renderMarkdown("[x](https://example.org)")).toContain(
      '<a href="https://example.org" rel="noopener noreferrer" target="_blank">x</a>',
    );
  });

  it("passes no script, handler or javascript: link through", () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n[x](javascript:alert(1))\n\n<img src=x onerror="alert(1)">',
    );
    // Raw HTML stays words on the page (escaped), never a tag.
    expect(html).not.toMatch(/<script|<img|href="javascript/i);
    expect(html).toContain("&lt;script&gt;");
  });

  it("keeps pictures from our own storage only", () => {
    expect(renderMarkdown("![a cat](/uploads/cat.webp)")).toContain(
      '<img src="/uploads/cat.webp" alt="a cat" loading="lazy"',
    );
    expect(renderMarkdown("![tracker](https://evil.example/p.gif)")).not.toContain("<img");
  });
});

describe("readMarkdownDocument", () => {
  it("reads front matter and the body's words", () => {
    const doc = readMarkdownDocument<{ title: string }>("---\ntitle: About us\n---\n\nWe **sell** tickets.\n\nFairly.");
    expect(doc.data.title).toBe("About us");
    expect(doc.html).toContain("<strong>sell</strong>");
    expect(doc.text).toBe("We sell tickets. Fairly.");
  });
});
