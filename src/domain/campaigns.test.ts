import { describe, expect, it } from "vitest";
import {
  claimAllowance,
  isHttpsUrl,
  readBlocks,
  readContactCsv,
  scheduleProblem,
  SEND_BATCH_SIZE,
  SENDS_PER_MINUTE,
  sendProblems,
} from "./campaigns";

const now = new Date("2026-11-25T12:00:00Z");
const block = (over: Partial<Record<"kind" | "text" | "url" | "label" | "eventId", string>>) => ({
  kind: "text",
  text: "",
  url: "",
  label: "",
  eventId: "",
  ...over,
});

describe("campaign blocks", () => {
  it("keeps what was typed, names each block's problem by field, and drops kinds it doesn't know", () => {
    const { blocks, problems } = readBlocks(
      [
        block({ kind: "heading", text: "  Friday   night " }),
        block({ kind: "text", text: "" }),
        block({ kind: "button", label: "Book", url: "http://example.com" }),
        block({ kind: "image", url: "https://example.com/a.jpg", label: "" }),
        block({ kind: "event", eventId: "someone-elses" }),
        block({ kind: "script", text: "<script>" }),
      ],
      ["mine"],
    );
    expect(blocks).toEqual([
      { kind: "heading", text: "Friday night" },
      { kind: "text", text: "" },
      { kind: "button", label: "Book", url: "http://example.com" },
      { kind: "image", url: "https://example.com/a.jpg", alt: "" },
      { kind: "event", eventId: "" },
    ]);
    expect(Object.keys(problems)).toEqual(["block.1.text", "block.2.url", "block.3.label", "block.4.eventId"]);
  });

  it("accepts only https addresses with a real host name", () => {
    expect(isHttpsUrl("https://ticketyboo.test/e")).toBe(true);
    expect(isHttpsUrl("javascript:alert(1)")).toBe(false);
    expect(isHttpsUrl("https://localhost/")).toBe(false);
  });

  it("says what stops a campaign going out", () => {
    const base = { subject: "Hi", previewText: "", blocks: [{ kind: "text" as const, text: "x" }], blockProblems: {} };
    expect(sendProblems({ ...base, toBuyers: true, listIds: [] })).toEqual({});
    expect(Object.keys(sendProblems({ ...base, subject: " ", blocks: [], toBuyers: false, listIds: [] }))).toEqual([
      "subject",
      "blocks",
      "audience",
    ]);
  });
});

describe("schedules and throttling", () => {
  it("takes a time a minute to a year ahead", () => {
    expect(scheduleProblem(new Date(now.getTime() + 30_000), now)).toMatch(/at least a minute/);
    expect(scheduleProblem(new Date(now.getTime() + 2 * 60_000), now)).toBeNull();
    expect(scheduleProblem(new Date(now.getTime() + 400 * 86_400_000), now)).toMatch(/within the next year/);
  });

  it("claims a batch at most, and nothing once the minute's allowance is used", () => {
    expect(claimAllowance(0)).toBe(SEND_BATCH_SIZE);
    expect(claimAllowance(SENDS_PER_MINUTE - 7)).toBe(7);
    expect(claimAllowance(SENDS_PER_MINUTE + 3)).toBe(0);
    expect(claimAllowance(5, 10)).toBe(5);
  });
});

describe("CSV files of contacts", () => {
  it("reads emails in lower case with their consent date, naming each bad line", () => {
    const read = readContactCsv(
      "\uFEFFE-mail,Full name,Consent date\nAnn@Example.com,Ann,2026-10-01\nbad,,\nann@example.com,,\n,,\n",
      now,
    );
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.rows[0]!.draft).toEqual({
      email: "ann@example.com",
      name: "Ann",
      consentAt: new Date("2026-10-01T12:00:00Z"),
    });
    expect(read.rows.map((r) => r.errors.length)).toEqual([0, 1, 1]);
    expect(read.valid).toBe(1);
  });

  it("refuses a file without an Email column, or with nobody in it", () => {
    expect(readContactCsv("Name\nAnn\n", now)).toMatchObject({ ok: false, problem: expect.stringContaining("Email") });
    expect(readContactCsv("Email\n", now)).toMatchObject({ ok: false });
  });
});
