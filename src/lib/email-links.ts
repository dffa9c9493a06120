/** A link found in an email's HTML, with the text a reader sees on it. */
export interface EmailLink {
  href: string;
  text: string;
}

const ANCHOR = /<a\b[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))[^>]*>([\s\S]*?)<\/a\s*>/gi;
const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/**
 * The links in an email, in order, so the dev outbox can offer them as ordinary links (people and
 * the e2e tests follow "Verify my email" there). Only http(s) and mailto links: nothing that would
 * run script if it were clicked on our page.
 */
export function linksInEmail(html: string): EmailLink[] {
  const links: EmailLink[] = [];
  for (const match of html.matchAll(ANCHOR)) {
    const href = decodeEntities(match[1] ?? match[2] ?? match[3] ?? "").trim();
    if (!/^(https?:|mailto:)/i.test(href)) continue;
    const text = decodeEntities((match[4] ?? "").replace(/<[^>]*>/g, " "))
      // Zero-width characters some clients use for spacing.
      .replace(/[\u200b-\u200f\ufeff]/g, "")
      .replace(/\s+/g, " ")
      .trim();
    links.push({ href, text: text || href });
  }
  return links;
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] === "#") {
      const code = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED[body.toLowerCase()] ?? entity;
  });
}
