import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { alert } from "~/db/schema";
import { createTestDatabase } from "../../tests/setup/test-db";
import { createUser } from "../../tests/factories/users";
import { AUDIT_PAGE_SIZE, listAuditLog, recordStaffAction } from "./audit-log";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe("the audit log", () => {
  it("keeps a line for a change made in the same transaction, and none for one rolled back", async () => {
    const db = database.db;
    const staff = await createUser(db, { email: "audit-staff@example.com", isStaff: true });
    const actor = { id: staff.id, email: staff.email };
    await db.transaction(async (tx) => {
      const [made] = await tx.insert(alert).values({ heading: "Kept", description: "x" }).returning();
      await recordStaffAction(tx, actor, {
        action: "alert.create",
        subjectType: "alert",
        subjectId: made!.id,
        summary: "Created the alert ‘Kept’",
      });
    });
    await expect(
      db.transaction(async (tx) => {
        await recordStaffAction(tx, actor, { action: "alert.create", subjectType: "alert", summary: "Rolled back" });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");

    const log = await listAuditLog(db, { page: 1 });
    expect(log.rows.map((r) => r.summary)).toEqual(["Created the alert ‘Kept’"]);
    expect(log.rows[0]).toMatchObject({ actorEmail: "audit-staff@example.com", action: "alert.create" });
  });

  it("pages newest first and filters by subject", async () => {
    const db = database.db;
    const staff = await createUser(db, { email: "audit-staff-2@example.com", isStaff: true });
    const actor = { id: staff.id, email: staff.email };
    for (let i = 0; i < AUDIT_PAGE_SIZE + 2; i++)
      await recordStaffAction(db, actor, {
        action: "flag.set",
        subjectType: "feature_flag",
        subjectId: `flag-${i}`,
        summary: `Set flag ${i}`,
      });
    const first = await listAuditLog(db, { page: 1, subjectType: "feature_flag" });
    expect(first.total).toBe(AUDIT_PAGE_SIZE + 2);
    expect(first.pageCount).toBe(2);
    expect(first.rows).toHaveLength(AUDIT_PAGE_SIZE);
    const second = await listAuditLog(db, { page: 2, subjectType: "feature_flag" });
    expect(second.rows).toHaveLength(2);
    expect((await listAuditLog(db, { page: 1, subjectType: "alert" })).total).toBe(1);
  });
});
