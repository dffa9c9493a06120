import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { event, ticket } from "~/db/schema";
import type { CodeCheck } from "~/domain/ticket-codes";
import { scanOutcome, type ScanOutcome } from "~/domain/scanning";
import { AppError } from "~/lib/app-error";

export interface ScanResult {
  outcome: ScanOutcome;
  ticketId: string | null;
  holderName: string | null;
}

/**
 * A code scanned at the door of one of the host's events (spec §4 "Ticket scanning outcomes").
 * The signature is checked with that event's key; a valid ticket is checked in by one
 * conditional statement, so two doors scanning the same code at once admit it once. A code from
 * before a ticket was passed on is invalid.
 */
export async function scanTicket(
  db: Db,
  verify: (eventId: string, code: string) => Promise<CodeCheck>,
  input: { eventId: string; hostId: string; code: string; now: Date },
): Promise<ScanResult> {
  const [e] = await db
    .select({ id: event.id })
    .from(event)
    .where(and(eq(event.id, input.eventId), eq(event.hostId, input.hostId)));
  if (!e) throw new AppError("forbidden", "Scan Not Allowed");
  const signed = await verify(input.eventId, input.code);
  const [t] = signed.ok ? await db.select().from(ticket).where(eq(ticket.id, signed.ticketId)) : [];
  const outcome = scanOutcome(signed, t ?? null, input.eventId);
  if (outcome !== "checked_in") return { outcome, ticketId: t?.id ?? null, holderName: t?.holderName ?? null };
  const [admitted] = await db
    .update(ticket)
    .set({ status: "checked_in", checkedInAt: input.now })
    .where(and(eq(ticket.id, t!.id), eq(ticket.status, "valid"), eq(ticket.codeVersion, t!.codeVersion)))
    .returning({ id: ticket.id });
  // Someone else's scan got there first (or the ticket changed hands meanwhile): ask again.
  if (!admitted) return scanTicket(db, verify, input);
  return { outcome, ticketId: t!.id, holderName: t!.holderName };
}
