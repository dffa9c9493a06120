import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import matter from "gray-matter";
import { describe, expect, it } from "vitest";
import routes from "~/web/routes";
import { INFO_PAGE_PATHS, infoPageAt, slugify, withHeadingIds } from "./info-pages.server";

const CONTENT = path.resolve(import.meta.dirname, "../../content/pages");

/** Every markdown file under content/pages, as its page's path ("hosting/sell-online"). */
function markdownFiles(dir = CONTENT): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((file) => file.replaceAll("\\", "/"))
    .filter((file) => file.endsWith(".md"))
    .map((file) => file.slice(0, -".md".length))
    .sort();
}

/** Every route with its full path, parents' paths included. */
function flatten(entries: RouteConfigEntry[], parent = ""): { id?: string; path: string }[] {
  return entries.flatMap((entry) => {
    const full = entry.path === undefined ? parent : [parent, entry.path].filter(Boolean).join("/");
    return [
      ...(entry.path === undefined ? [] : [{ id: entry.id, path: full }]),
      ...flatten(entry.children ?? [], full),
    ];
  });
}

/** The body's lines outside fenced code blocks. */
function proseLines(body: string): string[] {
  let fenced = false;
  return body.split("\n").filter((line) => {
    if (/^(```|~~~)/.test(line.trim())) fenced = !fenced;
    return !fenced;
  });
}

const files = markdownFiles();
const allRoutes = flatten(routes as RouteConfigEntry[]);

describe("the markdown pages under content/pages", () => {
  it("include every page the footer and the spec promise", () => {
    for (const page of [
      "hosts",
      "for-guests",
      "about",
      "careers",
      "investors",
      "faqs",
      "hosting/host-your-event",
      "hosting/sell-online",
      "hosting/host-responsibly",
      "hosting/hosting-resources",
      "hosting/event-planning",
      "hosting/for-hosts",
      "legal/privacy-policy",
      "legal/terms-of-use",
      "legal/billing",
      "legal/badge-verification-requirements",
    ])
      expect(files).toContain(page);
  });

  it.each(files)("%s has a title, a description of at most 160 characters, and no # heading", (page) => {
    const { data, content } = matter(fs.readFileSync(path.join(CONTENT, `${page}.md`), "utf8"));
    expect(typeof data.title === "string" && data.title.trim().length, "title").toBeGreaterThan(0);
    expect(typeof data.description === "string" && data.description.trim().length, "description").toBeGreaterThan(0);
    expect((data.description as string).length, "description length").toBeLessThanOrEqual(160);
    if (data.updated !== undefined)
      expect(data.updated instanceof Date || /^\d{4}-\d{2}-\d{2}$/.test(String(data.updated)), "updated").toBe(true);
    const h1s = proseLines(content).filter((line) => /^#\s/.test(line) || /^=+\s*$/.test(line));
    expect(h1s, "the title is the page's one h1: sections start with ##").toEqual([]);
  });

  it.each(files)("%s has a route of its own, at its path, that no other route takes", (page) => {
    expect(allRoutes.filter((r) => r.path === page)).toEqual([{ id: `info/${page}`, path: page }]);
  });

  it.each(files)("%s renders, with its sections linkable", (page) => {
    const rendered = infoPageAt(`/${page}`);
    expect(rendered?.title).toBeTruthy();
    expect(rendered?.html).not.toMatch(/<h1|<script|javascript:/i);
    for (const entry of rendered?.toc ?? []) expect(rendered?.html).toContain(`<h2 id="${entry.id}">`);
  });

  it("are the server's pages, and no address outside them finds one", () => {
    expect([...INFO_PAGE_PATHS]).toEqual(files);
    expect(infoPageAt("/about/")?.title).toBe(infoPageAt("/about")?.title);
    for (const address of [
      "/",
      "/nope",
      "/../package",
      "/legal/../about",
      "/content/pages/about",
      "/about.md",
      "/ABOUT",
    ])
      expect(infoPageAt(address), address).toBeNull();
  });
});

describe("headings on a markdown page", () => {
  it("get ids from their words, unique on the page, and the ## ones make the contents", () => {
    const { html, toc } = withHeadingIds(
      "<h2>Refunds &amp; transfers</h2><p>x</p><h3>Can I?</h3><h2>Refunds &amp; transfers</h2><h2>Ça va</h2>",
    );
    expect(html).toBe(
      '<h2 id="refunds-transfers">Refunds &amp; transfers</h2><p>x</p><h3 id="can-i">Can I?</h3>' +
        '<h2 id="refunds-transfers-2">Refunds &amp; transfers</h2><h2 id="ca-va">Ça va</h2>',
    );
    expect(toc).toEqual([
      { id: "refunds-transfers", text: "Refunds & transfers" },
      { id: "refunds-transfers-2", text: "Refunds & transfers" },
      { id: "ca-va", text: "Ça va" },
    ]);
    expect(slugify("!!!")).toBe("section");
  });
});
