import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { emailMessage } from "~/db/schema";
import { createTestDatabase } from "../../tests/setup/test-db";
import { getEmailMessage, listEmailMessages, listUndeliveredEmails } from "./list-email-messages";

let database: Database;
const base = new Date("2026-06-15T12:00:00Z").getTime();

beforeAll(async () => {
  database = await createTestDatabase();
  // 30 emails a minute apart: every third to bea, every seventh failed, every fifth still queued.
  await database.db.insert(emailMessage).values(
    Array.from({ length: 30 }, (_, i) => ({
      toAddress: i % 3 === 0 ? `bea_${i}@example.com` : `host${i}@example.com`,
      subject: `Email ${i}`,
      html: `<p>${i}</p>`,
      text: `${i}`,
      template: "verify-email",
      transport: "outbox" as const,
      status: i % 7 === 0 ? ("failed" as const) : i % 5 === 0 ? ("queued" as const) : ("sent" as const),
      attempts: i % 7 === 0 ? 6 : 1,
      lastError: i % 7 === 0 ? "451 try later" : null,
      createdAt: new Date(base + i * 60_000),
    })),
  );
});

afterAll(async () => {
  await database?.close();
});

describe("listEmailMessages", () => {
  it("pages newest first, 25 to a page", async () => {
    const first = await listEmailMessages(database.db);
    expect(first).toMatchObject({ total: 30, page: 1, pageCount: 2 });
    expect(first.messages.map((m) => m.subject).slice(0, 3)).toEqual(["Email 29", "Email 28", "Email 27"]);
    expect(first.messages).toHaveLength(25);
    const second = await listEmailMessages(database.db, { page: 2 });
    expect(second.messages.map((m) => m.subject)).toEqual(["Email 4", "Email 3", "Email 2", "Email 1", "Email 0"]);
    // A page past the end shows the last page rather than nothing.
    expect((await listEmailMessages(database.db, { page: 99 })).page).toBe(2);
    expect((await listEmailMessages(database.db, { page: -3 })).page).toBe(1);
  });

  it("filters by recipient, case-insensitively, treating % and _ literally", async () => {
    const bea = await listEmailMessages(database.db, { to: "BEA_" });
    expect(bea.total).toBe(10);
    expect(bea.messages.every((m) => m.toAddress.startsWith("bea_"))).toBe(true);
    expect((await listEmailMessages(database.db, { to: "%" })).total).toBe(0);
    expect((await listEmailMessages(database.db, { to: "  " })).total).toBe(30);
  });
});

describe("getEmailMessage", () => {
  it("returns the whole message, and null for an unknown or malformed id", async () => {
    const { messages } = await listEmailMessages(database.db, { pageSize: 1 });
    const message = await getEmailMessage(database.db, messages[0]!.id);
    expect(message).toMatchObject({ subject: "Email 29", html: "<p>29</p>", text: "29" });
    expect(await getEmailMessage(database.db, "00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await getEmailMessage(database.db, "not-a-uuid")).toBeNull();
  });
});

describe("listUndeliveredEmails", () => {
  it("lists failed and queued emails, newest first, with their counts", async () => {
    const result = await listUndeliveredEmails(database.db);
    expect(result.failed.map((m) => m.subject)).toEqual(["Email 28", "Email 21", "Email 14", "Email 7", "Email 0"]);
    expect(result.failed[0]).toMatchObject({ attempts: 6, lastError: "451 try later" });
    expect(result.queued.map((m) => m.subject)).toEqual(["Email 25", "Email 20", "Email 15", "Email 10", "Email 5"]);
    expect(result).toMatchObject({ failedTotal: 5, queuedTotal: 5 });
  });
});
