import fs from "node:fs";
import path from "node:path";
import { readMarkdownDocument } from "~/lib/markdown.server";

/**
 * The information and legal pages people edit as markdown (`content/pages/`, see content/README.md).
 * A file's path is its page's address: `content/pages/hosting/sell-online.md` is `/hosting/sell-online`.
 * The files are read into the server bundle when it is built, so a page is only ever looked up in
 * this fixed map by its address, never read from a path made of the address.
 */
const FILES = readPages();

/**
 * The files by their path from the project's root ("/content/pages/about.md"). Vite builds them into
 * the bundle; code run without Vite (the benchmarks, under tsx) has no `import.meta.glob` and reads the
 * same files from the checkout once, when this module loads.
 */
function readPages(): Record<string, string> {
  try {
    return import.meta.glob<string>("/content/pages/**/*.md", { query: "?raw", import: "default", eager: true });
  } catch {
    const root = path.resolve(import.meta.dirname, "../..");
    const dir = path.join(root, "content/pages");
    return Object.fromEntries(
      fs
        .readdirSync(dir, { recursive: true, encoding: "utf8" })
        .filter((file) => file.endsWith(".md"))
        .map((file) => [`/content/pages/${file.replaceAll("\\", "/")}`, fs.readFileSync(path.join(dir, file), "utf8")]),
    );
  }
}

const PREFIX = "/content/pages/";

/** Every page's address without its leading slash ("about", "hosting/sell-online"), from the files. */
export const INFO_PAGE_PATHS: readonly string[] = Object.keys(FILES)
  .map((file) => file.slice(PREFIX.length, -".md".length))
  .sort();

export interface InfoPageFrontMatter {
  title: string;
  description: string;
  eyebrow?: string;
  /** YYYY-MM-DD. */
  updated?: string;
  /** An optional button under the title: its words and one of our own addresses ("/h/onboarding"). */
  cta?: { label: string; to: string };
}

export interface TocEntry {
  id: string;
  text: string;
}

export interface InfoPage extends InfoPageFrontMatter {
  path: string;
  html: string;
  /** The page's `##` sections, for its table of contents. */
  toc: TocEntry[];
}

/** A page has a table of contents once it has this many sections. */
export const TOC_FROM_SECTIONS = 4;

/** The front matter's fields as the page needs them; a file missing its title or description is refused. */
function frontMatter(path: string, data: Record<string, unknown>): InfoPageFrontMatter {
  const text = (key: string) => {
    const value = data[key];
    // gray-matter reads an unquoted YYYY-MM-DD as a Date.
    if (value instanceof Date) return value.toISOString().slice(0, 10);
    return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
  };
  const title = text("title");
  const description = text("description");
  if (!title || !description) throw new Error(`content/pages/${path}.md needs a title and a description`);
  const updated = text("updated");
  const ctaLabel = text("cta_label");
  const ctaLink = text("cta_link");
  return {
    title,
    description,
    eyebrow: text("eyebrow"),
    updated: updated && /^\d{4}-\d{2}-\d{2}$/.test(updated) ? updated : undefined,
    // Only our own pages: a button is no way to send people off the site.
    cta: ctaLabel && ctaLink && /^\/(?!\/)/.test(ctaLink) ? { label: ctaLabel, to: ctaLink } : undefined,
  };
}

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };

/** The words of a bit of (already safe) HTML. */
function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#39);/g, (m) => ENTITIES[m] ?? m)
    .trim();
}

/** A heading's words as an address fragment: "Refunds & transfers" → "refunds-transfers". */
export function slugify(text: string): string {
  const slug = text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug || "section";
}

/**
 * Gives each `##` and `###` heading an id (so it can be linked to, and the contents can point at
 * it) and lists the `##` ones. The HTML comes from the markdown renderer, whose headings carry no
 * attributes, so a heading is exactly `<h2>…</h2>`.
 */
export function withHeadingIds(html: string): { html: string; toc: TocEntry[] } {
  const used = new Map<string, number>();
  const toc: TocEntry[] = [];
  const out = html.replace(/<(h[23])>([\s\S]*?)<\/\1>/g, (_match, tag: string, inner: string) => {
    const text = plainText(inner);
    const base = slugify(text);
    const count = used.get(base) ?? 0;
    used.set(base, count + 1);
    const id = count === 0 ? base : `${base}-${count + 1}`;
    if (tag === "h2") toc.push({ id, text });
    return `<${tag} id="${id}">${inner}</${tag}>`;
  });
  return { html: out, toc };
}

const pages = new Map<string, InfoPage>();

function readPage(path: string): InfoPage | null {
  const source = FILES[`${PREFIX}${path}.md`];
  if (source === undefined) return null;
  const document = readMarkdownDocument<Record<string, unknown>>(source);
  const { html, toc } = withHeadingIds(document.html);
  return { path, ...frontMatter(path, document.data), html, toc };
}

/**
 * The page at an address ("/about", "/hosting/sell-online"), or null when there is none. Each file
 * is rendered once per process: the files are part of the build and never change under it.
 */
export function infoPageAt(pathname: string): InfoPage | null {
  const path = pathname.replace(/^\/+|\/+$/g, "");
  if (!INFO_PAGE_PATHS.includes(path)) return null;
  let page = pages.get(path);
  if (!page) {
    const read = readPage(path);
    if (!read) return null;
    page = read;
    pages.set(path, page);
  }
  return page;
}

/** Every page, for the sitemap. */
export function listInfoPages(): InfoPage[] {
  return INFO_PAGE_PATHS.flatMap((path) => infoPageAt(`/${path}`) ?? []);
}
