import matter from "gray-matter";
import MarkdownIt from "markdown-it";
import sanitizeHtml from "sanitize-html";

/**
 * Markdown written by people who are not developers (the information and legal pages under
 * `content/`, staff's blog posts and help articles) becomes HTML here, on the server only.
 * Raw HTML in the source is not passed through (markdown-it's `html: false`), and the result is
 * cleaned again with sanitize-html, so a pasted script or a `javascript:` link never reaches a page.
 */
const md = new MarkdownIt({ html: false, linkify: true, typographer: true });

/**
 * A table sits in a box of its own that scrolls sideways when the table is wider than the screen (a
 * price table's five columns on a 320 px phone), so the page itself never does. The box can be
 * reached with the keyboard, to scroll it with the arrow keys, and is named after the heading the
 * table follows.
 */
md.renderer.rules.table_open = (tokens, idx) => {
  let label = "Table";
  for (let i = idx - 1; i >= 0; i--) {
    if (tokens[i]!.type === "heading_close") {
      // The heading's words as shown (the typographer's quotes), without its emphasis or links.
      const words = (tokens[i - 1]!.children ?? []).filter((t) => t.type === "text" || t.type === "code_inline");
      label = `Table: ${words.map((t) => t.content).join("")}`;
      break;
    }
  }
  return `<div class="table-scroll" role="region" tabindex="0" aria-label="${md.utils.escapeHtml(label)}"><table>\n`;
};
md.renderer.rules.table_close = () => "</table></div>\n";

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "strong",
    "em",
    "s",
    "code",
    "pre",
    "h2",
    "h3",
    "h4",
    "ul",
    "ol",
    "li",
    "blockquote",
    "a",
    "hr",
    "div",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "img",
  ],
  allowedAttributes: {
    div: [
      { name: "role", multiple: false, values: ["region"] },
      { name: "tabindex", multiple: false, values: ["0"] },
      "aria-label",
    ],
    a: ["href", "rel", "target"],
    img: ["src", "alt", "width", "height", "loading"],
    th: ["style"],
    td: ["style"],
  },
  allowedClasses: { div: ["table-scroll"] },
  allowedStyles: { th: { "text-align": [/^(left|right|center)$/] }, td: { "text-align": [/^(left|right|center)$/] } },
  allowedSchemes: ["https", "http", "mailto", "tel"],
  // Pictures only from our own storage (`/img?…`, `/uploads/…`) or another page of ours.
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    // A page's title is its one h1, so a `#` heading in the source is shown as a section heading.
    h1: "h2",
    a: (_tag, attribs): sanitizeHtml.Tag => {
      const href = attribs.href?.trim() ?? "";
      if (/^(https?:)?\/\//i.test(href))
        return { tagName: "a", attribs: { href, rel: "noopener noreferrer", target: "_blank" } };
      if (/^(\/|#|mailto:|tel:)/i.test(href)) return { tagName: "a", attribs: { href } };
      return { tagName: "span", attribs: {} };
    },
    img: (_tag, attribs): sanitizeHtml.Tag => {
      const src = attribs.src?.trim() ?? "";
      if (!src.startsWith("/") || src.startsWith("//")) return { tagName: "span", attribs: {} };
      return { tagName: "img", attribs: { src, alt: attribs.alt ?? "", loading: "lazy" } };
    },
  },
};

/** Safe HTML for a markdown text. */
export function renderMarkdown(source: string): string {
  return sanitizeHtml(md.render(source), OPTIONS).trim();
}

export interface MarkdownDocument<T> {
  /** The front matter between the `---` lines, as written. */
  data: T;
  /** The body, rendered to safe HTML. */
  html: string;
  /** The body's words alone (for search and descriptions). */
  text: string;
}

/** A markdown file with front matter (title, description, …) read into its parts. */
export function readMarkdownDocument<T = Record<string, unknown>>(file: string): MarkdownDocument<T> {
  const parsed = matter(file);
  const html = renderMarkdown(parsed.content);
  const text = sanitizeHtml(html.replace(/<\/(p|h2|h3|h4|li|blockquote|td|th)>|<br\s*\/?>/gi, " "), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
  return { data: parsed.data as T, html, text };
}
