/**
 * A buyer's access needs (issue 19, access-first booking): kept once on their profile, private,
 * and copied to an order only when they choose to share them with that order's host. Pure: the
 * settings form, the checkout and the services all ask these functions.
 */

/** The needs a buyer can tick, in the order they are shown; the labels are what hosts read too. */
export const ACCESS_NEED_LABELS = {
  wheelchair_user: "Wheelchair user",
  step_free: "Step-free access",
  hearing_loop: "Hearing loop",
  seating: "Seating needed",
  quiet_space: "Quiet space",
  assistance_dog: "Assistance dog",
  companion: "Companion or personal assistant",
} as const;

export type AccessNeed = keyof typeof ACCESS_NEED_LABELS;

export const ACCESS_NEEDS = Object.keys(ACCESS_NEED_LABELS) as AccessNeed[];

export const ACCESS_NOTES_MAX_LENGTH = 500;

/** What is stored, on the person and (as a snapshot) on an order. Never empty: nothing is null. */
export interface AccessNeeds {
  needs: AccessNeed[];
  notes: string;
}

/** Characters as a person counts them (an emoji is one), after the same clean-up as saving. */
export function accessNotesLength(notes: string): number {
  return [...notes.replace(/\r\n?/g, "\n").trim()].length;
}

export function isAccessNeed(value: string): value is AccessNeed {
  return Object.hasOwn(ACCESS_NEED_LABELS, value);
}

export type AccessNeedsCheck = { ok: true; value: AccessNeeds | null } | { ok: false; problem: "notes_too_long" };

/**
 * Cleans what the form sent: the needs once each, in the shown order (unknown ones dropped), the
 * notes trimmed with line ends made plain. Nothing ticked and nothing written is null: no needs saved.
 */
export function checkAccessNeeds(input: { needs: readonly string[]; notes: string }): AccessNeedsCheck {
  const notes = input.notes.replace(/\r\n?/g, "\n").trim();
  if (accessNotesLength(notes) > ACCESS_NOTES_MAX_LENGTH) return { ok: false, problem: "notes_too_long" };
  const ticked = new Set(input.needs);
  const needs = ACCESS_NEEDS.filter((n) => ticked.has(n));
  if (needs.length === 0 && notes === "") return { ok: true, value: null };
  return { ok: true, value: { needs, notes } };
}

/** Stored needs as read back: anything not understood (a need no longer offered) is left out. */
export function accessNeedsOf(stored: unknown): AccessNeeds | null {
  if (!stored || typeof stored !== "object") return null;
  const { needs, notes } = stored as { needs?: unknown; notes?: unknown };
  const checked = checkAccessNeeds({
    needs: Array.isArray(needs) ? needs.filter((n): n is string => typeof n === "string") : [],
    notes: typeof notes === "string" ? [...notes].slice(0, ACCESS_NOTES_MAX_LENGTH).join("") : "",
  });
  return checked.ok ? checked.value : null;
}

/** The needs as a reader sees them: their labels, in order. */
export function accessNeedLabels(value: AccessNeeds): string[] {
  return value.needs.map((n) => ACCESS_NEED_LABELS[n]);
}

/** Stored needs as a person reads them (a data download, the sales desk): the labels and their own words. */
export function accessNeedsForReading(stored: unknown): { needs: string[]; notes: string } | null {
  const needs = accessNeedsOf(stored);
  return needs ? { needs: accessNeedLabels(needs), notes: needs.notes } : null;
}

/** One line for a summary: "Wheelchair user, Hearing loop" (the notes are shown apart). */
export function accessNeedsLine(value: AccessNeeds): string {
  return accessNeedLabels(value).join(", ");
}
