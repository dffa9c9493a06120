import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { contentPost } from "~/db/schema";
import {
  checkContentPost,
  CONTENT_KIND_INFO,
  CONTENT_PAGE_SIZE,
  HELP_TOPICS,
  publishProblems,
  tidyHelpQuery,
  type ContentKind,
  type ContentPostDraft,
  type ContentStatus,
} from "~/domain/content-posts";
import { AppError } from "~/lib/app-error";
import { renderMarkdown } from "~/lib/markdown.server";
import { isUuid } from "~/lib/uuid";
import { recordStaffAction, type StaffActor } from "./audit-log";
import type { FileStorage } from "./file-storage";
import { processImageUpload } from "./process-image-upload";
import { isUniqueViolation } from "./update-profile";

/**
 * Staff-written posts (blogs, guides, case studies, news, help articles): what the public reads,
 * and what staff do to them in the console. Every change staff make is written to the audit log
 * in the transaction that makes it. Drafts never leave this module for a public page.
 */

/** Where the site's own pictures are stored (not any person's: deleting an account never takes them). */
export const CONTENT_UPLOAD_PREFIX = "content/";

const published = (kind: ContentKind) => and(eq(contentPost.kind, kind), eq(contentPost.status, "published"));

const summaryColumns = {
  id: contentPost.id,
  kind: contentPost.kind,
  slug: contentPost.slug,
  title: contentPost.title,
  description: contentPost.description,
  topic: contentPost.topic,
  headerImage: contentPost.headerImage,
  publishedAt: contentPost.publishedAt,
  updatedAt: contentPost.updatedAt,
};

export type PublicPostSummary = {
  id: string;
  kind: ContentKind;
  slug: string;
  title: string;
  description: string;
  topic: string | null;
  headerImage: string | null;
  publishedAt: Date;
  updatedAt: Date;
};

const asPublic = (row: { publishedAt: Date | null } & Omit<PublicPostSummary, "publishedAt">): PublicPostSummary => ({
  ...row,
  publishedAt: row.publishedAt ?? row.updatedAt,
});

const pageCountOf = (total: number) => Math.max(1, Math.ceil(total / CONTENT_PAGE_SIZE));

/** One kind's published posts, newest first, a page at a time. */
export async function listPublishedPosts(db: Db, { kind, page }: { kind: ContentKind; page: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(contentPost)
      .where(published(kind))
      .orderBy(desc(contentPost.publishedAt), desc(contentPost.id))
      .limit(CONTENT_PAGE_SIZE)
      .offset((page - 1) * CONTENT_PAGE_SIZE),
    db.select({ n: count() }).from(contentPost).where(published(kind)),
  ]);
  const n = total?.n ?? 0;
  return { posts: rows.map(asPublic), total: n, page, pageCount: pageCountOf(n) };
}

/** One published post by its address, its body rendered to safe HTML; `not_found` for a draft or nothing. */
export async function readPublishedPost(db: Db, { kind, slug }: { kind: ContentKind; slug: string }) {
  const [row] = await db
    .select({
      ...summaryColumns,
      body: contentPost.body,
      createdAt: contentPost.createdAt,
    })
    .from(contentPost)
    .where(and(published(kind), eq(contentPost.slug, slug)))
    .limit(1);
  if (!row) throw new AppError("not_found", `No such ${CONTENT_KIND_INFO[kind].noun}.`);
  const { body, ...rest } = row;
  return { ...asPublic(rest), createdAt: row.createdAt, html: renderMarkdown(body) };
}

/** The most help articles one search answers with: the best of them, never the whole centre. */
export const HELP_SEARCH_LIMIT = 20;
/** The most articles the help centre lists without a search. */
const HELP_LIST_LIMIT = 500;

export interface HelpTopic {
  topic: string;
  articles: PublicPostSummary[];
}

/**
 * The help centre: every published article grouped by topic (the usual topics first, in their
 * order), or, with a search, the articles that match it, best first. The search is PostgreSQL's
 * full text over title, topic, description and body (English stemming: "refunded" finds
 * "refunds"), the same on PGlite and PostgreSQL.
 */
export async function helpCentre(
  db: Db,
  { query }: { query: string },
): Promise<{ query: string; topics: HelpTopic[]; results: PublicPostSummary[] | null }> {
  const words = tidyHelpQuery(query);
  if (words) {
    const tsquery = sql`websearch_to_tsquery('english', ${words})`;
    const rows = await db
      .select(summaryColumns)
      .from(contentPost)
      .where(and(published("help"), sql`${contentPost.searchVector} @@ ${tsquery}`))
      .orderBy(desc(sql`ts_rank_cd(${contentPost.searchVector}, ${tsquery})`), asc(contentPost.title))
      .limit(HELP_SEARCH_LIMIT);
    return { query: words, topics: [], results: rows.map(asPublic) };
  }
  const rows = await db
    .select(summaryColumns)
    .from(contentPost)
    .where(published("help"))
    .orderBy(asc(contentPost.topic), asc(contentPost.title))
    .limit(HELP_LIST_LIMIT);
  const byTopic = new Map<string, PublicPostSummary[]>();
  for (const row of rows) {
    const topic = row.topic || "Other questions";
    byTopic.set(topic, [...(byTopic.get(topic) ?? []), asPublic(row)]);
  }
  const known = HELP_TOPICS as readonly string[];
  const rank = (t: string) => (known.includes(t) ? known.indexOf(t) : known.length);
  const topics = [...byTopic.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b, "en-GB"))
    .map(([topic, articles]) => ({ topic, articles }));
  return { query: "", topics, results: null };
}

/* ---------- The staff console ---------- */

export const STAFF_CONTENT_PAGE_SIZE = 25;

/** Every post (drafts too), newest change first, optionally of one kind, with how many each kind has. */
export async function listPostsForStaff(db: Db, { kind, page }: { kind: ContentKind | null; page: number }) {
  const where = kind ? eq(contentPost.kind, kind) : undefined;
  const [rows, counts] = await Promise.all([
    db
      .select({
        id: contentPost.id,
        kind: contentPost.kind,
        slug: contentPost.slug,
        title: contentPost.title,
        topic: contentPost.topic,
        status: contentPost.status,
        publishedAt: contentPost.publishedAt,
        updatedAt: contentPost.updatedAt,
      })
      .from(contentPost)
      .where(where)
      .orderBy(desc(contentPost.updatedAt), desc(contentPost.id))
      .limit(STAFF_CONTENT_PAGE_SIZE)
      .offset((page - 1) * STAFF_CONTENT_PAGE_SIZE),
    db.select({ kind: contentPost.kind, n: count() }).from(contentPost).groupBy(contentPost.kind),
  ]);
  const perKind = Object.fromEntries(counts.map((c) => [c.kind, c.n])) as Partial<Record<ContentKind, number>>;
  const total = kind ? (perKind[kind] ?? 0) : counts.reduce((n, c) => n + c.n, 0);
  return {
    posts: rows,
    perKind,
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / STAFF_CONTENT_PAGE_SIZE)),
  };
}

/** One post as the editor shows it, draft or not; `not_found` for a malformed or unknown id. */
export async function readPostForStaff(db: Db, postId: string) {
  if (!isUuid(postId)) throw new AppError("not_found", "No such post.");
  const [row] = await db.select().from(contentPost).where(eq(contentPost.id, postId)).limit(1);
  if (!row) throw new AppError("not_found", "No such post.");
  const { searchVector: _vector, ...post } = row;
  return post;
}

/** What the editor needs: the post (none for a new one) and the topics to suggest. */
export async function contentEditorData(db: Db, postId: string | null) {
  const [post, topics] = await Promise.all([postId ? readPostForStaff(db, postId) : null, helpTopicsInUse(db)]);
  return { post, topics };
}

/** The topics help articles already use, for the editor's suggestions (the usual ones first). */
async function helpTopicsInUse(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ topic: contentPost.topic })
    .from(contentPost)
    .where(and(eq(contentPost.kind, "help"), sql`${contentPost.topic} is not null`));
  const extra = rows.map((r) => r.topic!).filter((t) => !(HELP_TOPICS as readonly string[]).includes(t));
  return [...HELP_TOPICS, ...extra.sort((a, b) => a.localeCompare(b, "en-GB"))];
}

export interface SaveContentPostInput {
  actor: StaffActor;
  /** Null: a new post. */
  postId: string | null;
  draft: ContentPostDraft;
  /** A new header picture's bytes (checked, re-encoded and stored here). */
  headerImage?: Uint8Array | null;
  removeHeaderImage?: boolean;
  /** Where the post should end up; unset keeps its status (a new post starts as a draft). */
  status?: ContentStatus;
  now: Date;
}

const refuse = (fields: Record<string, string>) =>
  new AppError("validation_failed", Object.values(fields)[0], { fields });

const quoted = (title: string) => `‘${title}’`;

/**
 * Creates or edits a post, and publishes or unpublishes it, as one change with its audit lines.
 * A header picture is cleaned and stored first (and removed again if the change is refused); the
 * one it replaces is deleted once the change has committed. The words' time (`updated_at`) moves
 * only when the words or the picture change.
 */
export async function saveContentPost(
  db: Db,
  storage: Pick<FileStorage, "save" | "remove">,
  input: SaveContentPostInput,
): Promise<{ id: string; kind: ContentKind; slug: string; status: ContentStatus; changed: boolean }> {
  const { post, problems } = checkContentPost(input.draft);
  if (input.postId !== null && !isUuid(input.postId)) throw new AppError("not_found", "No such post.");
  const fields: Record<string, string> = { ...problems };
  if (Object.keys(fields).length > 0) throw refuse(fields);

  let stored: { key: string } | null = null;
  if (input.headerImage && input.headerImage.byteLength > 0) {
    stored = await processImageUpload(storage, {
      userId: input.actor.id,
      purpose: "cover",
      bytes: input.headerImage,
      field: "headerImage",
      prefix: CONTENT_UPLOAD_PREFIX,
    });
  }
  const info = CONTENT_KIND_INFO[post.kind];
  try {
    const result = await db.transaction(async (tx) => {
      const [current] = input.postId
        ? await tx.select().from(contentPost).where(eq(contentPost.id, input.postId)).for("update")
        : [];
      if (input.postId && !current) throw new AppError("not_found", "No such post.");
      // A post's address belongs to its kind: moving it would break every link to it.
      if (current && current.kind !== post.kind) throw new AppError("bad_request", "A post's kind can't change.");
      const kind = current?.kind ?? post.kind;
      const noun = CONTENT_KIND_INFO[kind].noun;
      const status = input.status ?? current?.status ?? "draft";
      if (status === "published") {
        const more = publishProblems(post);
        if (Object.keys(more).length > 0) throw refuse(more);
      }
      const headerImage = stored ? stored.key : input.removeHeaderImage ? null : (current?.headerImage ?? null);
      const words = {
        slug: post.slug,
        title: post.title,
        description: post.description,
        topic: kind === "help" ? post.topic : null,
        body: post.body,
        headerImage,
      };
      const changed = !current || (Object.keys(words) as (keyof typeof words)[]).some((k) => words[k] !== current[k]);
      const publishedAt = status === "published" ? (current?.publishedAt ?? input.now) : (current?.publishedAt ?? null);
      const subject = { subjectType: "content_post" };
      let id: string;
      if (!current) {
        const [made] = await tx
          .insert(contentPost)
          .values({
            kind,
            ...words,
            status,
            publishedAt,
            authorId: input.actor.id,
            createdAt: input.now,
            updatedAt: input.now,
          })
          .returning({ id: contentPost.id });
        id = made!.id;
        await recordStaffAction(tx, input.actor, {
          action: `${info.action}.create`,
          ...subject,
          subjectId: id,
          summary: `Created the ${noun} ${quoted(post.title)}`,
          details: { slug: post.slug },
        });
      } else {
        id = current.id;
        if (changed || status !== current.status)
          await tx
            .update(contentPost)
            .set({ ...words, status, publishedAt, ...(changed ? { updatedAt: input.now } : {}) })
            .where(eq(contentPost.id, id));
        if (changed)
          await recordStaffAction(tx, input.actor, {
            action: `${CONTENT_KIND_INFO[kind].action}.update`,
            ...subject,
            subjectId: id,
            summary: `Edited the ${noun} ${quoted(post.title)}`,
            details: { slug: post.slug },
          });
      }
      const was = current?.status ?? "draft";
      if (status !== was)
        await recordStaffAction(tx, input.actor, {
          action: `${CONTENT_KIND_INFO[kind].action}.${status === "published" ? "publish" : "unpublish"}`,
          ...subject,
          subjectId: id,
          summary: `${status === "published" ? "Published" : "Unpublished"} the ${noun} ${quoted(post.title)}`,
        });
      return {
        saved: { id, kind, slug: post.slug, status, changed: changed || status !== was },
        discarded: current?.headerImage && current.headerImage !== headerImage ? current.headerImage : null,
      };
    });
    if (result.discarded) await removeOwnPicture(storage, result.discarded);
    return result.saved;
  } catch (error) {
    if (stored) await storage.remove(stored.key).catch(() => undefined);
    if (isUniqueViolation(error, "kind_slug"))
      throw refuse({ slug: `Another ${info.noun} already uses this web address. Choose another.` });
    throw error;
  }
}

/** Deletes a post (and its header picture, once the deletion has committed), with its audit line. */
export async function deleteContentPost(
  db: Db,
  storage: Pick<FileStorage, "remove">,
  { actor, postId }: { actor: StaffActor; postId: string },
): Promise<{ kind: ContentKind; title: string }> {
  if (!isUuid(postId)) throw new AppError("not_found", "No such post.");
  const gone = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(contentPost)
      .where(eq(contentPost.id, postId))
      .returning({ kind: contentPost.kind, title: contentPost.title, headerImage: contentPost.headerImage });
    if (!row) throw new AppError("not_found", "No such post.");
    const info = CONTENT_KIND_INFO[row.kind];
    await recordStaffAction(tx, actor, {
      action: `${info.action}.delete`,
      subjectType: "content_post",
      subjectId: postId,
      summary: `Deleted the ${info.noun} ${quoted(row.title)}`,
    });
    return row;
  });
  if (gone.headerImage) await removeOwnPicture(storage, gone.headerImage);
  return { kind: gone.kind, title: gone.title };
}

/** Only the site's own uploads are ever deleted (never the demo's generated pictures, never a person's). */
async function removeOwnPicture(storage: Pick<FileStorage, "remove">, key: string) {
  if (key.startsWith(CONTENT_UPLOAD_PREFIX) && !key.includes("..")) await storage.remove(key).catch(() => undefined);
}

/**
 * A picture for a post's body: checked by its bytes, re-encoded without metadata and stored as the
 * site's own, with an audit line. Answers its storage key; the editor puts it into the markdown.
 */
export async function uploadContentPicture(
  db: Db,
  storage: Pick<FileStorage, "save" | "remove">,
  { actor, bytes }: { actor: StaffActor; bytes: Uint8Array },
): Promise<{ key: string; width: number; height: number }> {
  const stored = await processImageUpload(storage, {
    userId: actor.id,
    purpose: "picture",
    bytes,
    field: "picture",
    prefix: CONTENT_UPLOAD_PREFIX,
  });
  try {
    await recordStaffAction(db, actor, {
      action: "content.picture_upload",
      subjectType: "content_picture",
      subjectId: stored.key,
      summary: `Uploaded a picture for a post (${stored.width} × ${stored.height})`,
    });
  } catch (error) {
    await storage.remove(stored.key).catch(() => undefined);
    throw error;
  }
  return { key: stored.key, width: stored.width, height: stored.height };
}
