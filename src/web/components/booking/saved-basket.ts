import type { Basket } from "~/domain/basket";
import type { Seat } from "./seat-picker";

/**
 * The basket as this browser keeps it for an event: the lines, the code, the chosen seats, and
 * when it was last changed, by the server's clock (the time the event page was served), so an
 * order can tell a basket it came from from one started afterwards.
 */
export type SavedBasket = Basket & { seats: Seat[]; savedAt?: number };

const storageKey = (eventId: string) => `tb_basket:${eventId}`;

/** The basket kept for this event, if any (a damaged one reads as none). Never trusted: callers sanitise it. */
export function readSavedBasket(eventId: string): SavedBasket | null {
  try {
    const raw = localStorage.getItem(storageKey(eventId));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<SavedBasket>;
    return {
      lines: Array.isArray(value.lines) ? value.lines : [],
      coupon: typeof value.coupon === "string" ? value.coupon : null,
      seats: Array.isArray(value.seats) ? value.seats : [],
      ...(typeof value.savedAt === "number" ? { savedAt: value.savedAt } : {}),
    };
  } catch {
    return null;
  }
}

/** Keeps the basket, so a reload or a detour to log in loses nothing. */
export function saveBasket(eventId: string, basket: SavedBasket): void {
  try {
    localStorage.setItem(storageKey(eventId), JSON.stringify(basket));
  } catch {
    // Storage full or refused (private browsing): the basket lives only as long as the page.
  }
}

/**
 * An order was placed for this event at `orderedAt`: the basket it was bought from is emptied, so
 * reopening the event does not offer the same tickets and code again. A basket changed on a page
 * served after the order (a second booking being put together) is kept.
 */
export function forgetOrderedBasket(eventId: string, orderedAt: Date): void {
  try {
    const saved = readSavedBasket(eventId);
    if (saved && (saved.savedAt === undefined || saved.savedAt <= orderedAt.getTime()))
      localStorage.removeItem(storageKey(eventId));
  } catch {
    // No storage, no basket.
  }
}
