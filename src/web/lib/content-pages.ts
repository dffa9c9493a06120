import { CONTENT_KIND_INFO, contentPostPath, type ContentKind } from "~/domain/content-posts";
import { imageUrl } from "./images";
import { absoluteUrl } from "./seo";

/** The kinds with a list page of their own (help has the help centre). */
export type ListedKind = Exclude<ContentKind, "help">;

/** Each list page's words: its heading, what it is for, and what it says while it is empty. */
export const CONTENT_LIST_PAGES: Record<
  ListedKind,
  { heading: string; description: string; intro: string; empty: string }
> = {
  blog: {
    heading: "Blogs",
    description:
      "Stories and ideas from the Ticketyboo team: running grassroots nights, selling out small rooms and " +
      "what we are building next.",
    intro: "Stories from the UK's grassroots scene and notes from the team that builds Ticketyboo.",
    empty: "No blog posts yet. The first is on its way: in the meantime, see what's on near you.",
  },
  guide: {
    heading: "Guides",
    description:
      "Step-by-step guides for hosts and guests: selling tickets, running the door, refunds, transfers and payouts " +
      "on Ticketyboo.",
    intro: "Step-by-step guides for putting on a night and for getting the most from your tickets.",
    empty: "No guides yet. Until they arrive, the help centre answers the common questions.",
  },
  case_study: {
    heading: "Case studies",
    description: "How hosts across the UK run quiz nights, gigs, markets and fundraisers with Ticketyboo.",
    intro: "How hosts across the UK run their nights with Ticketyboo, in their own words and numbers.",
    empty: "No case studies yet. We are talking to hosts about their nights: check back soon.",
  },
  news: {
    heading: "News centre",
    description: "Announcements, product news and press from Ticketyboo, the UK's grassroots ticketing marketplace.",
    intro: "Announcements, product news and press from Ticketyboo.",
    empty: "No news yet. Announcements will appear here as they happen.",
  },
};

/** The kind a public content page is for, from its address (`/blogs/…` → blog). */
export function kindFromPath(pathname: string): ContentKind | null {
  const first = `/${pathname.split("/")[1] ?? ""}`;
  const found = (Object.keys(CONTENT_KIND_INFO) as ContentKind[]).find((k) => CONTENT_KIND_INFO[k].path === first);
  return found ?? null;
}

/** schema.org's type for each kind: blog posts are BlogPosting, news NewsArticle, the rest Article. */
const SCHEMA_TYPE: Record<ContentKind, string> = {
  blog: "BlogPosting",
  guide: "Article",
  case_study: "Article",
  news: "NewsArticle",
  help: "Article",
};

export interface PostForJsonLd {
  kind: ContentKind;
  slug: string;
  title: string;
  description: string;
  headerImage: string | null;
  createdAt: Date | string;
  publishedAt: Date | string;
  updatedAt: Date | string;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** Structured data for one post (spec §1: structured data for blogs), published by Ticketyboo. */
export function postJsonLd(post: PostForJsonLd, publicUrl: string): Record<string, unknown> {
  const url = absoluteUrl(publicUrl, contentPostPath(post.kind, post.slug));
  const organisation = { "@type": "Organization", name: "Ticketyboo", url: absoluteUrl(publicUrl, "/") };
  return {
    "@context": "https://schema.org",
    "@type": SCHEMA_TYPE[post.kind],
    headline: post.title,
    description: post.description,
    url,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    ...(post.headerImage ? { image: [absoluteUrl(publicUrl, imageUrl(post.headerImage, 1200))] } : {}),
    dateCreated: iso(post.createdAt),
    datePublished: iso(post.publishedAt),
    dateModified: iso(post.updatedAt),
    inLanguage: "en-GB",
    author: organisation,
    publisher: organisation,
  };
}
