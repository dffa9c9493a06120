/**
 * Free companion (personal assistant) tickets (issue: access-first booking; decision 0031). A host
 * may offer them per event; a buyer who shares their access needs with the host at checkout may add
 * up to one for each ticket they book. Each is a real ticket of the same ticket type at price 0,
 * claimed like any other place. Pure: the checkout, the services and the host's view ask these.
 */
import { companionMessages } from "~/texts/companion-messages";
import type { AccessNeeds } from "./access-needs";

/** Whether an event's checkout offers companion tickets: the host turned them on, and it has no seat plan. */
export function companionTicketsOffered(event: { companionTickets: boolean; seated: boolean }): boolean {
  return event.companionTickets && !event.seated;
}

/** A hold's or an order's line as these rules read it. */
export interface CompanionLine {
  ticketTypeId: string;
  quantity: number;
  companion: boolean;
}

/** The most companions a hold may have: one for each ticket booked (companions never count themselves). */
export function mostCompanions(lines: readonly CompanionLine[]): number {
  return lines.reduce((n, l) => (l.companion ? n : n + l.quantity), 0);
}

/** How many companions a hold has now. */
export function companionsIn(lines: readonly CompanionLine[]): number {
  return lines.reduce((n, l) => (l.companion ? n + l.quantity : n), 0);
}

/**
 * What the checkout's field starts at: what the hold already has; otherwise 1 when the buyer's saved
 * needs include a companion (and they may have one), else 0.
 */
export function suggestedCompanions(input: { needs: AccessNeeds | null; most: number; chosen: number }): number {
  if (input.chosen > 0) return Math.min(input.chosen, input.most);
  return input.needs?.needs.includes("companion") && input.most > 0 ? 1 : 0;
}

export type CompanionsCheck =
  { ok: true; count: number } | { ok: false; problem: "not_offered" | "not_sharing" | "out_of_range" };

/**
 * Judges the number of companions a buyer asked for: a whole number from 0 to `most`, and more than
 * 0 only where the event offers them and the buyer shares their access needs with the host.
 */
export function checkCompanions(input: {
  requested: number;
  offered: boolean;
  sharing: boolean;
  most: number;
}): CompanionsCheck {
  const { requested } = input;
  if (requested === 0) return { ok: true, count: 0 };
  if (!Number.isSafeInteger(requested) || requested < 0 || requested > input.most)
    return { ok: false, problem: "out_of_range" };
  if (!input.offered) return { ok: false, problem: "not_offered" };
  if (!input.sharing) return { ok: false, problem: "not_sharing" };
  return { ok: true, count: requested };
}

/**
 * Where `count` companions go: each of the same ticket type as a ticket booked, taken from the
 * booked lines in order, at most as many as each line has. Types with none are left out.
 */
export function companionLines(
  booked: readonly CompanionLine[],
  count: number,
): { ticketTypeId: string; quantity: number }[] {
  let left = count;
  const out: { ticketTypeId: string; quantity: number }[] = [];
  for (const line of booked) {
    if (line.companion || left <= 0) continue;
    const quantity = Math.min(line.quantity, left);
    if (quantity > 0) out.push({ ticketTypeId: line.ticketTypeId, quantity });
    left -= quantity;
  }
  return out;
}

/** What a companion ticket's name adds to its type's name. */
export const COMPANION_NAME_SUFFIX = ` · ${companionMessages.ticketLabel}`;

/** A ticket's name wherever it is listed: its type's, and for a companion "… · Companion ticket · free". */
export function ticketName(typeName: string, companion: boolean): string {
  return companion ? `${typeName}${COMPANION_NAME_SUFFIX}` : typeName;
}

/** An order's or a hold's line as a summary lists it: "2 × Standing", "1 × Companion ticket · free". */
export function lineLabel(line: { name: string; quantity: number; companion?: boolean }): string {
  return `${line.quantity} × ${line.companion ? companionMessages.ticketLabel : line.name}`;
}
