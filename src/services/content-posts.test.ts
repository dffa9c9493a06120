import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import type { ContentPostDraft } from "~/domain/content-posts";
import { isAppError } from "~/lib/app-error";
import { createLocalStorage, type FileStorage } from "~/server/storage/local-storage.server";
import { createUser } from "../../tests/factories/users";
import { createTestDatabase } from "../../tests/setup/test-db";
import { listAuditLog } from "./audit-log";
import {
  deleteContentPost,
  helpCentre,
  listPostsForStaff,
  listPublishedPosts,
  readPostForStaff,
  readPublishedPost,
  saveContentPost,
  uploadContentPicture,
} from "./content-posts";

let database: Database;
let root: string;
let storage: FileStorage;
let actor: { id: string; email: string };

beforeAll(async () => {
  database = await createTestDatabase();
  root = await fs.mkdtemp(path.join(os.tmpdir(), "tb-content-"));
  storage = createLocalStorage(root);
  const staff = await createUser(database.db, { email: "content-staff@example.com", isStaff: true });
  actor = { id: staff.id, email: staff.email };
});
afterAll(async () => {
  await database.close();
  await fs.rm(root, { recursive: true, force: true });
});

const draft = (over: Partial<ContentPostDraft> = {}): ContentPostDraft => ({
  kind: "blog",
  title: "A night at the Crown",
  slug: "",
  description: "How a pub quiz sold out in a week.",
  topic: "",
  body: "The quiz started at **eight**.",
  ...over,
});

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isAppError(error), "expected a refusal").toBe(true);
  return error as { code: string; details?: { fields?: Record<string, string> } };
}

const at = (iso: string) => new Date(iso);
const jpeg = () =>
  sharp({ create: { width: 800, height: 400, channels: 3, background: { r: 230, g: 0, b: 110 } } })
    .jpeg()
    .toBuffer()
    .then((b) => new Uint8Array(b));

describe("staff-written posts", () => {
  it("keeps drafts off the public pages until they are published, and off them again when unpublished", async () => {
    const db = database.db;
    const saved = await saveContentPost(db, storage, {
      actor,
      postId: null,
      draft: draft({ title: "Drafts stay hidden" }),
      now: at("2026-11-01T10:00:00Z"),
    });
    expect(saved).toMatchObject({ kind: "blog", slug: "drafts-stay-hidden", status: "draft" });
    expect((await listPublishedPosts(db, { kind: "blog", page: 1 })).posts.map((p) => p.slug)).not.toContain(
      "drafts-stay-hidden",
    );
    expect((await refusal(readPublishedPost(db, { kind: "blog", slug: "drafts-stay-hidden" }))).code).toBe("not_found");

    await saveContentPost(db, storage, {
      actor,
      postId: saved.id,
      draft: draft({ title: "Drafts stay hidden" }),
      status: "published",
      now: at("2026-11-02T10:00:00Z"),
    });
    const shown = await readPublishedPost(db, { kind: "blog", slug: "drafts-stay-hidden" });
    expect(shown.html).toBe("<p>The quiz started at <strong>eight</strong>.</p>");
    expect(shown.publishedAt.toISOString()).toBe("2026-11-02T10:00:00.000Z");
    // Publishing alone is not an edit: the words' time is still the first save's.
    expect(shown.updatedAt.toISOString()).toBe("2026-11-01T10:00:00.000Z");
    // Another kind's page never shows it.
    expect((await refusal(readPublishedPost(db, { kind: "guide", slug: "drafts-stay-hidden" }))).code).toBe(
      "not_found",
    );

    await saveContentPost(db, storage, {
      actor,
      postId: saved.id,
      draft: draft({ title: "Drafts stay hidden" }),
      status: "draft",
      now: at("2026-11-03T10:00:00Z"),
    });
    expect((await refusal(readPublishedPost(db, { kind: "blog", slug: "drafts-stay-hidden" }))).code).toBe("not_found");
    // Republished, it keeps its first publication date.
    await saveContentPost(db, storage, {
      actor,
      postId: saved.id,
      draft: draft({ title: "Drafts stay hidden", body: "Edited." }),
      status: "published",
      now: at("2026-11-04T10:00:00Z"),
    });
    const again = await readPublishedPost(db, { kind: "blog", slug: "drafts-stay-hidden" });
    expect(again.publishedAt.toISOString()).toBe("2026-11-02T10:00:00.000Z");
    expect(again.updatedAt.toISOString()).toBe("2026-11-04T10:00:00.000Z");
  });

  it("writes an audit line for each thing done, in the same transaction, and none for a refused change", async () => {
    const db = database.db;
    const before = (await listAuditLog(db, { page: 1, subjectType: "content_post" })).total;
    const made = await saveContentPost(db, storage, {
      actor,
      postId: null,
      draft: draft({ kind: "news", title: "Ticketyboo opens in Leeds" }),
      status: "published",
      now: at("2026-11-05T09:00:00Z"),
    });
    await saveContentPost(db, storage, {
      actor,
      postId: made.id,
      draft: draft({ kind: "news", title: "Ticketyboo opens in Leeds", body: "Now with more venues." }),
      now: at("2026-11-05T09:30:00Z"),
    });
    // Saved again unchanged: nothing happened, so nothing is written.
    await saveContentPost(db, storage, {
      actor,
      postId: made.id,
      draft: draft({ kind: "news", title: "Ticketyboo opens in Leeds", body: "Now with more venues." }),
      now: at("2026-11-05T09:40:00Z"),
    });
    // Refused (publishing needs a body): no line.
    await refusal(
      saveContentPost(db, storage, {
        actor,
        postId: made.id,
        draft: draft({ kind: "news", title: "Ticketyboo opens in Leeds", body: "" }),
        status: "published",
        now: at("2026-11-05T09:50:00Z"),
      }),
    );
    await deleteContentPost(db, storage, { actor, postId: made.id });
    const log = await listAuditLog(db, { page: 1, subjectType: "content_post" });
    expect(log.total - before).toBe(4);
    // (Lines written in one transaction share its time on PostgreSQL, so their order among themselves is open.)
    expect(
      log.rows
        .slice(0, 4)
        .map((r) => [r.action, r.summary])
        .sort(([a], [b]) => a!.localeCompare(b!)),
    ).toEqual([
      ["news.create", "Created the news item ‘Ticketyboo opens in Leeds’"],
      ["news.delete", "Deleted the news item ‘Ticketyboo opens in Leeds’"],
      ["news.publish", "Published the news item ‘Ticketyboo opens in Leeds’"],
      ["news.update", "Edited the news item ‘Ticketyboo opens in Leeds’"],
    ]);
    expect(log.rows[0]).toMatchObject({ action: "news.delete", actorEmail: actor.email, subjectId: made.id });
    expect((await refusal(readPostForStaff(db, made.id))).code).toBe("not_found");
  });

  it("keeps each address unique within its kind, and lets another kind use it", async () => {
    const db = database.db;
    const now = at("2026-11-06T12:00:00Z");
    await saveContentPost(db, storage, { actor, postId: null, draft: draft({ title: "Selling out" }), now });
    const taken = await refusal(
      saveContentPost(db, storage, { actor, postId: null, draft: draft({ title: "Selling Out!" }), now }),
    );
    expect(taken.code).toBe("validation_failed");
    expect(taken.details?.fields?.slug).toBe("Another blog post already uses this web address. Choose another.");
    const guide = await saveContentPost(db, storage, {
      actor,
      postId: null,
      draft: draft({ kind: "guide", title: "Selling out" }),
      now,
    });
    expect(guide.slug).toBe("selling-out");
    const bad = await refusal(
      saveContentPost(db, storage, { actor, postId: null, draft: draft({ slug: "Not A Slug!" }), now }),
    );
    expect(Object.keys(bad.details?.fields ?? {})).toEqual(["slug"]);
    const untitled = await refusal(
      saveContentPost(db, storage, {
        actor,
        postId: null,
        draft: draft({ kind: "help", title: " ", topic: "" }),
        now,
      }),
    );
    expect(Object.keys(untitled.details?.fields ?? {}).sort()).toEqual(["slug", "title", "topic"]);
  });

  it("finds help articles by a word of the body, stemmed, and never a draft", async () => {
    const db = database.db;
    const now = at("2026-11-07T12:00:00Z");
    const help = (title: string, topic: string, body: string, status: "draft" | "published" = "published") =>
      saveContentPost(db, storage, {
        actor,
        postId: null,
        draft: draft({ kind: "help", title, topic, body, description: `About ${title.toLowerCase()}.` }),
        status,
        now,
      });
    await help("Getting your money back", "Refunds and cancellations", "Ask the host for a refund from My Tickets.");
    await help("Sending a ticket to a friend", "Transferring tickets", "Your friend claims the ticket by email.");
    await help("Unfinished draft about refunds", "Refunds and cancellations", "Refunded tickets, draft.", "draft");

    const found = await helpCentre(db, { query: "refunded" });
    expect(found.results?.map((r) => r.title)).toEqual(["Getting your money back"]);
    expect((await helpCentre(db, { query: "claims" })).results?.map((r) => r.title)).toEqual([
      "Sending a ticket to a friend",
    ]);
    expect((await helpCentre(db, { query: "zebra crossing" })).results).toEqual([]);
    // Punctuation and operators typed into the box are words, never a query error.
    expect((await helpCentre(db, { query: `" OR 1=1 -- & | ! (` })).results).toEqual([]);

    const all = await helpCentre(db, { query: "   " });
    expect(all.results).toBeNull();
    expect(all.topics.map((t) => [t.topic, t.articles.map((a) => a.title)])).toEqual([
      ["Refunds and cancellations", ["Getting your money back"]],
      ["Transferring tickets", ["Sending a ticket to a friend"]],
    ]);
  });

  it("lists published posts newest first, a page at a time, and every post for staff", async () => {
    const db = database.db;
    for (let i = 0; i < 14; i++)
      await saveContentPost(db, storage, {
        actor,
        postId: null,
        draft: draft({ kind: "case_study", title: `Case ${String(i).padStart(2, "0")}` }),
        status: i === 13 ? "draft" : "published",
        now: new Date(Date.UTC(2026, 9, 1 + i)),
      });
    const first = await listPublishedPosts(db, { kind: "case_study", page: 1 });
    expect(first.total).toBe(13);
    expect(first.pageCount).toBe(2);
    expect(first.posts[0]!.title).toBe("Case 12");
    const second = await listPublishedPosts(db, { kind: "case_study", page: 2 });
    expect(second.posts.map((p) => p.title)).toEqual(["Case 00"]);
    const staffList = await listPostsForStaff(db, { kind: "case_study", page: 1 });
    expect(staffList.total).toBe(14);
    expect(staffList.posts[0]).toMatchObject({ title: "Case 13", status: "draft" });
  });

  it("stores a header picture re-encoded under the site's prefix, and deletes the one it replaces", async () => {
    const db = database.db;
    const now = at("2026-11-08T12:00:00Z");
    const made = await saveContentPost(db, storage, {
      actor,
      postId: null,
      draft: draft({ title: "With a picture" }),
      headerImage: await jpeg(),
      now,
    });
    const first = (await readPostForStaff(db, made.id)).headerImage!;
    expect(first).toMatch(/^content\/cover-[0-9a-f-]{36}\.jpg$/);
    expect(await storage.read(first)).not.toBeNull();
    await saveContentPost(db, storage, {
      actor,
      postId: made.id,
      draft: draft({ title: "With a picture" }),
      headerImage: await jpeg(),
      now,
    });
    const second = (await readPostForStaff(db, made.id)).headerImage!;
    expect(second).not.toBe(first);
    expect(await storage.read(first)).toBeNull();
    // Not a picture: refused by its bytes, nothing stored, nothing changed.
    const notImage = await refusal(
      saveContentPost(db, storage, {
        actor,
        postId: made.id,
        draft: draft({ title: "With a picture" }),
        headerImage: new TextEncoder().encode("<svg onload=alert(1)>"),
        now,
      }),
    );
    expect(Object.keys(notImage.details ?? {})).toContain("field");
    expect((await readPostForStaff(db, made.id)).headerImage).toBe(second);

    const picture = await uploadContentPicture(db, storage, { actor, bytes: await jpeg() });
    expect(picture.key).toMatch(/^content\/picture-/);
    const log = await listAuditLog(db, { page: 1, subjectType: "content_picture" });
    expect(log.rows[0]).toMatchObject({ action: "content.picture_upload", subjectId: picture.key });

    await deleteContentPost(db, storage, { actor, postId: made.id });
    expect(await storage.read(second)).toBeNull();
  });
});
