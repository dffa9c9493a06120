import sanitizeHtml from "sanitize-html";

/**
 * What an event description may hold once stored: the Studio editor's marks (paragraphs, headings,
 * bold, italic, lists, quotes, links) and nothing else. Scripts, styles, event handlers, images,
 * iframes and every attribute but a link's address go; links open safely in a new tab. Whatever
 * arrives (the editor's HTML, a pasted page, a post made by hand) is cleaned here, on the server.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "b", "em", "i", "u", "s", "h2", "h3", "ul", "ol", "li", "blockquote", "a"],
  allowedAttributes: { a: ["href"] },
  allowedSchemes: ["https", "http", "mailto"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    // A link without a web or mail address keeps its words and loses the link (a span is not kept).
    a: (_tag, attribs): sanitizeHtml.Tag => {
      const href = attribs.href?.trim() ?? "";
      if (!/^(https?:\/\/|mailto:)/i.test(href)) return { tagName: "span", attribs: {} };
      return { tagName: "a", attribs: { href, rel: "nofollow noopener noreferrer", target: "_blank" } };
    },
    b: "strong",
    i: "em",
  },
};

/** Clean HTML for a description; plain text (a form sent without the editor) becomes paragraphs. */
export function sanitizeDescription(input: string): string {
  const text = input.replace(/\r\n?/g, "\n").trim();
  if (!text) return "";
  const html = /<[a-z][\s\S]*>/i.test(text)
    ? text
    : text
        .split(/\n{2,}/)
        .map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
        .join("");
  const clean = sanitizeHtml(html, {
    ...OPTIONS,
    allowedAttributes: { a: ["href", "rel", "target"] },
  }).trim();
  // An editor left empty still sends "<p></p>".
  return sanitizeHtml(clean, { allowedTags: [], allowedAttributes: {} }).trim() ? clean : "";
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** A description's words alone, for a meta description or a search snippet: no tags, one space between blocks. */
export function descriptionText(html: string): string {
  return sanitizeHtml(html.replace(/<\/(p|h2|h3|li|blockquote)>|<br\s*\/?>/gi, " "), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ")
    .trim();
}
