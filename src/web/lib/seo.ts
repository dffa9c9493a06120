import type { MetaDescriptor } from "react-router";

/**
 * Per-page search and sharing tags (spec §1 "site-wide meta data"): title, description, canonical
 * link, Open Graph and Twitter cards, and optional JSON-LD. Absolute URLs use PUBLIC_URL, which
 * the root loader passes down (read it with `publicUrlFrom(matches)`).
 */
export interface SeoInput {
  title: string;
  description: string;
  /** The page's path (and query, when it names a distinct page). */
  path: string;
  publicUrl: string;
  /** A site path or absolute URL of the sharing image. */
  image?: string | null;
  type?: "website" | "article" | "profile";
  noindex?: boolean;
  jsonLd?: Record<string, unknown> | Record<string, unknown>[];
}

const SITE_NAME = "Ticketyboo";
const DEFAULT_IMAGE = "/og-default.png";

export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, publicUrl.endsWith("/") ? publicUrl : `${publicUrl}/`).toString();
}

export function seo(input: SeoInput): MetaDescriptor[] {
  const url = absoluteUrl(input.publicUrl, input.path);
  const image = absoluteUrl(input.publicUrl, input.image ?? DEFAULT_IMAGE);
  const tags: MetaDescriptor[] = [
    { title: input.title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:locale", content: "en_GB" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: input.title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: image },
  ];
  if (input.noindex) tags.push({ name: "robots", content: "noindex" });
  if (input.jsonLd) tags.push({ "script:ld+json": input.jsonLd });
  return tags;
}

/** PUBLIC_URL from the root loader's data, as meta functions see it. */
export function publicUrlFrom(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { publicUrl?: string } | undefined;
  return root?.publicUrl ?? "http://localhost:3000";
}

/** Trims text to a meta description: whole words, at most `max` characters. */
export function describe(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max * 0.6)).replace(/[,.;:!?-]+$/, "")}…`;
}
