import { describe, expect, it } from "vitest";
import { bodyLimitFor, ONE_IMAGE_FORM_MAX_BYTES, REQUEST_BODY_MAX_BYTES } from "./request-limits";
import { checkContentPost, contentSlugFromTitle, publishProblems, tidyHelpQuery } from "./content-posts";

const draft = { kind: "blog" as const, title: "", slug: "", description: "", topic: "", body: "" };

describe("staff-written posts' rules", () => {
  it("makes the address from the title: lower case, digits and single hyphens", () => {
    expect(contentSlugFromTitle("Café nights & Quiz — 2026!")).toBe("cafe-nights-and-quiz-2026");
    expect(contentSlugFromTitle("Why we’re here")).toBe("why-were-here");
    expect(contentSlugFromTitle("x".repeat(100))).toHaveLength(80);
  });

  it("names each field that breaks a rule, and tidies the rest", () => {
    const { post, problems } = checkContentPost({ ...draft, title: "  A   night ", body: "Hi\r\n" });
    expect(post).toMatchObject({ title: "A night", slug: "a-night", body: "Hi", topic: "" });
    expect(problems).toEqual({});
    expect(Object.keys(checkContentPost({ ...draft, slug: "Bad Slug" }).problems).sort()).toEqual(["slug", "title"]);
    expect(checkContentPost({ ...draft, kind: "help", title: "T" }).problems).toEqual({
      topic: "Choose a topic, so the help centre can file the article.",
    });
    expect(checkContentPost({ ...draft, title: "T", body: "x".repeat(50_001) }).problems.body).toMatch(/50,000/);
  });

  it("asks for a description and a body before publishing", () => {
    expect(Object.keys(publishProblems({ description: "", body: " " })).sort()).toEqual(["body", "description"]);
    expect(publishProblems({ description: "d", body: "b" })).toEqual({});
  });

  it("keeps a help search to one line of 100 characters", () => {
    expect(tidyHelpQuery("  refund\n  my   ticket ")).toBe("refund my ticket");
    expect(tidyHelpQuery("a".repeat(500))).toHaveLength(100);
  });

  it("lets only the post editor and its picture upload carry a picture's weight", () => {
    expect(bodyLimitFor("/admin/content/new")).toBe(ONE_IMAGE_FORM_MAX_BYTES);
    expect(bodyLimitFor("/admin/content/5b0c6c2e-8a53-4a4e-9d7e-0c3a1f1d2b3c.data")).toBe(ONE_IMAGE_FORM_MAX_BYTES);
    expect(bodyLimitFor("/admin/content/pictures")).toBe(ONE_IMAGE_FORM_MAX_BYTES);
    expect(bodyLimitFor("/admin/content/preview")).toBe(REQUEST_BODY_MAX_BYTES);
    expect(bodyLimitFor("/admin/content")).toBe(REQUEST_BODY_MAX_BYTES);
  });
});
