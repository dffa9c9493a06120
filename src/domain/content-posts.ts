/**
 * What staff write for the public site (blogs, guides, case studies, news, help articles): the
 * kinds, their limits and the rules a post must meet before it is saved. Pure: no I/O, no clock.
 */

export const CONTENT_KINDS = ["blog", "guide", "case_study", "news", "help"] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export const CONTENT_STATUSES = ["draft", "published"] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

export const CONTENT_TITLE_MAX = 140;
export const CONTENT_DESCRIPTION_MAX = 300;
export const CONTENT_SLUG_MAX = 80;
export const CONTENT_TOPIC_MAX = 60;
/** Long enough for a thorough guide; a body past this is a book, and a heavy page. */
export const CONTENT_BODY_MAX = 50_000;
/** Words typed into the help search: enough for a question, never a document. */
export const HELP_QUERY_MAX = 100;
export const CONTENT_PAGE_SIZE = 12;

/** The topics help articles are grouped under; staff may type another. */
export const HELP_TOPICS = [
  "Buying tickets",
  "Refunds and cancellations",
  "Transferring tickets",
  "Hosting events",
  "At the door",
  "Payouts",
] as const;

/**
 * How each kind is named where a person reads it, where its public pages are (the list at `path`,
 * each post at `path/<slug>`), and the prefix of its audit actions (`blog.publish`).
 */
export const CONTENT_KIND_INFO: Record<ContentKind, { noun: string; plural: string; path: string; action: string }> = {
  blog: { noun: "blog post", plural: "Blogs", path: "/blogs", action: "blog" },
  guide: { noun: "guide", plural: "Guides", path: "/guides", action: "guide" },
  case_study: { noun: "case study", plural: "Case studies", path: "/case-studies", action: "case_study" },
  news: { noun: "news item", plural: "News centre", path: "/news-center", action: "news" },
  help: { noun: "help article", plural: "Help articles", path: "/help", action: "help" },
};

/** The public address of one post. */
export const contentPostPath = (kind: ContentKind, slug: string) => `${CONTENT_KIND_INFO[kind].path}/${slug}`;

export function isContentKind(value: unknown): value is ContentKind {
  return typeof value === "string" && (CONTENT_KINDS as readonly string[]).includes(value);
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A post's address from its title: lower case letters, digits and single hyphens. */
export function contentSlugFromTitle(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, CONTENT_SLUG_MAX)
    .replace(/-+$/g, "");
}

export interface ContentPostDraft {
  kind: ContentKind;
  title: string;
  /** Blank: made from the title. */
  slug: string;
  description: string;
  topic: string;
  body: string;
}

export type ContentPostField = "title" | "slug" | "description" | "topic" | "body";

/**
 * The post as it will be stored (trimmed, the address made from the title when left blank) and the
 * words for each field that breaks a rule. A draft may be unfinished, but never empty of a title,
 * and a help article needs its topic so the help centre can file it.
 */
export function checkContentPost(input: ContentPostDraft): {
  post: ContentPostDraft;
  problems: Partial<Record<ContentPostField, string>>;
} {
  const title = input.title.replace(/\s+/g, " ").trim();
  const description = input.description.replace(/\s+/g, " ").trim();
  const topic = input.kind === "help" ? input.topic.replace(/\s+/g, " ").trim() : "";
  const slug = input.slug.trim().toLowerCase() || contentSlugFromTitle(title);
  const body = input.body.replace(/\r\n?/g, "\n").trimEnd();
  const problems: Partial<Record<ContentPostField, string>> = {};
  if (!title) problems.title = "Enter a title.";
  else if (title.length > CONTENT_TITLE_MAX) problems.title = `Keep the title within ${CONTENT_TITLE_MAX} characters.`;
  if (!slug) problems.slug = "Enter a web address: letters or digits, with hyphens between words.";
  else if (slug.length > CONTENT_SLUG_MAX)
    problems.slug = `Keep the web address within ${CONTENT_SLUG_MAX} characters.`;
  else if (!SLUG.test(slug))
    problems.slug = "Use only lower-case letters, digits and single hyphens between words in the web address.";
  if (description.length > CONTENT_DESCRIPTION_MAX)
    problems.description = `Keep the short description within ${CONTENT_DESCRIPTION_MAX} characters.`;
  if (input.kind === "help" && !topic) problems.topic = "Choose a topic, so the help centre can file the article.";
  else if (topic.length > CONTENT_TOPIC_MAX) problems.topic = `Keep the topic within ${CONTENT_TOPIC_MAX} characters.`;
  if (body.length > CONTENT_BODY_MAX)
    problems.body = `Keep the body within ${CONTENT_BODY_MAX.toLocaleString("en-GB")} characters.`;
  return { post: { kind: input.kind, title, slug, description, topic, body }, problems };
}

/**
 * What publishing needs beyond a draft: words a reader will see in lists and search results.
 * (A draft can be saved half-written; a published post cannot be empty.)
 */
export function publishProblems(
  post: Pick<ContentPostDraft, "description" | "body">,
): Partial<Record<ContentPostField, string>> {
  const problems: Partial<Record<ContentPostField, string>> = {};
  if (!post.description)
    problems.description = "Write a short description before publishing: lists and search show it.";
  if (!post.body.trim()) problems.body = "Write the body before publishing.";
  return problems;
}

/** Help-search words as typed, tidied: one line, spaces collapsed, within the limit. */
export function tidyHelpQuery(typed: string): string {
  return typed.replace(/\s+/g, " ").trim().slice(0, HELP_QUERY_MAX);
}
