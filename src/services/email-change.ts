import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, gt, isNull, like, ne, or } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { session, user, verification } from "~/db/schema";
import { AppError } from "~/lib/app-error";

/**
 * When an account's email changes, the address it had is told, with a link that puts it back. The
 * link carries a random token (only its hash is stored, in better-auth's `verification` table
 * beside its own short-lived tokens), works once and lapses after a week. Undoing signs the
 * account out everywhere and voids every change-of-email link issued until then, so whoever
 * changed it cannot simply confirm their new address again.
 */
export const EMAIL_CHANGE_UNDO_DAYS = 7;
/** As long as better-auth's change-of-email links live (24 hours): no older link can be used after an undo. */
export const CHANGE_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;
const hash = (token: string) => createHash("sha256").update(token).digest("hex");
const undoIdentifier = (token: string) => `email-change-undo:${hash(token)}`;
const revokedIdentifier = (userId: string) => `email-change-revoked:${userId}`;

interface UndoRecord {
  userId: string;
  from: string;
  to: string;
}

function parseRecord(value: string): UndoRecord | null {
  try {
    const v = JSON.parse(value) as Partial<UndoRecord>;
    return typeof v.userId === "string" && typeof v.from === "string" && typeof v.to === "string"
      ? { userId: v.userId, from: v.from, to: v.to }
      : null;
  } catch {
    return null;
  }
}

/** Records a completed change and returns the token for the old address's undo link. */
export async function recordEmailChange(
  db: Db,
  { userId, from, to, now }: UndoRecord & { now: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(24).toString("base64url");
  const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_UNDO_DAYS * DAY_MS);
  await db.insert(verification).values({
    id: randomUUID(),
    identifier: undoIdentifier(token),
    value: JSON.stringify({ userId, from, to }),
    expiresAt,
    createdAt: now,
    updatedAt: now,
  });
  return { token, expiresAt };
}

/** What an undo link would do, for its page; null when it is unknown, used or lapsed. */
export async function findEmailChangeUndo(
  db: Db,
  token: string,
  now: Date,
): Promise<{ from: string; to: string } | null> {
  if (!token) return null;
  const [row] = await db
    .select({ value: verification.value })
    .from(verification)
    .where(and(eq(verification.identifier, undoIdentifier(token)), gt(verification.expiresAt, now)));
  const record = row ? parseRecord(row.value) : null;
  return record ? { from: record.from, to: record.to } : null;
}

/**
 * Puts the old address back. In one transaction: the token is used up, the account must still be
 * on the address it was changed to (and the old one free), every session ends, and change-of-email
 * links issued up to now stop working.
 */
export async function undoEmailChange(
  db: Db,
  { token, now }: { token: string; now: Date },
): Promise<{ email: string }> {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .delete(verification)
      .where(and(eq(verification.identifier, undoIdentifier(token)), gt(verification.expiresAt, now)))
      .returning({ value: verification.value });
    const record = used ? parseRecord(used.value) : null;
    if (!record) throw new AppError("not_found", "This link has expired or was already used.");
    const [person] = await tx
      .select({ email: user.email })
      .from(user)
      .where(and(eq(user.id, record.userId), isNull(user.deletedAt)))
      .for("update");
    if (!person) throw new AppError("not_found", "This link has expired or was already used.");
    if (person.email !== record.to)
      throw new AppError(
        "conflict",
        "Your account's email has changed again since this link was sent, so it can't be undone here. Please contact " +
          "support.",
      );
    const [taken] = await tx
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.email, record.from), ne(user.id, record.userId)))
      .limit(1);
    if (taken) throw new AppError("conflict", "That address now belongs to another account. Please contact support.");

    await tx
      .update(user)
      .set({ email: record.from, emailVerified: true, updatedAt: now })
      .where(eq(user.id, record.userId));
    await tx.delete(session).where(eq(session.userId, record.userId));
    await tx.delete(verification).where(eq(verification.identifier, revokedIdentifier(record.userId)));
    await tx.insert(verification).values({
      id: randomUUID(),
      identifier: revokedIdentifier(record.userId),
      value: now.toISOString(),
      expiresAt: new Date(now.getTime() + CHANGE_LINK_LIFETIME_MS),
      createdAt: now,
      updatedAt: now,
    });
    return { email: record.from };
  });
}

/** Whether a change-of-email link issued at `issuedAt` was voided by an undo since. */
export async function isEmailChangeLinkRevoked(
  db: Db,
  { userId, issuedAt, now }: { userId: string; issuedAt: Date; now: Date },
): Promise<boolean> {
  const [row] = await db
    .select({ value: verification.value })
    .from(verification)
    .where(and(eq(verification.identifier, revokedIdentifier(userId)), gt(verification.expiresAt, now)));
  // Link times are whole seconds: a link from the same second as the undo is void too.
  return row !== undefined && issuedAt.getTime() <= new Date(row.value).getTime();
}

/** Undo records name the person and their addresses: an erased account takes them with it. */
export function emailChangeRecordsOf(userId: string) {
  return or(
    eq(verification.identifier, revokedIdentifier(userId)),
    and(like(verification.identifier, "email-change-undo:%"), like(verification.value, `%"userId":"${userId}"%`)),
  );
}
