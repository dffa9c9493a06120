import type { Basket } from "~/domain/basket";
import type { Seat } from "./seat-picker";

/** The basket as this browser keeps it for an event: the lines, the code, and the chosen seats. */
export type SavedBasket = Basket & { seats: Seat[] };

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
    };
  } catch {
    return null;
  }
}

/** Keeps the basket, so a reload or a detour to log in loses nothing. */
export function saveBasket(eventId: string, basket: SavedBasket): void {
  localStorage.setItem(storageKey(eventId), JSON.stringify(basket));
}
