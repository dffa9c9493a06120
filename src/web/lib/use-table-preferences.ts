import { useCallback, useSyncExternalStore } from "react";

/**
 * Spec §3 client state: table preferences for EventList, MasterGuestList, EventWaitList,
 * RecentOrder, TicketList and Venue, kept in the browser (localStorage) across reloads.
 */
export type TableId = "EventList" | "MasterGuestList" | "EventWaitList" | "RecentOrder" | "TicketList" | "Venue";
const TABLE_IDS: readonly TableId[] = [
  "EventList",
  "MasterGuestList",
  "EventWaitList",
  "RecentOrder",
  "TicketList",
  "Venue",
];

export interface TablePreferences {
  /** Columns the person chose to hide are `false`; a column not named is shown. */
  columnVisibility: Record<string, boolean>;
}

export const STORAGE_KEY = "tb_table_preferences";
const NONE: TablePreferences = { columnVisibility: {} };

/**
 * What was stored, as far as it can be trusted: anything else (an older shape, another tab's
 * half-written value, a hand edit) counts as no preference rather than breaking the page.
 */
export function readTablePreferences(raw: string | null): Partial<Record<TableId, TablePreferences>> {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== "object") return {};
  const out: Partial<Record<TableId, TablePreferences>> = {};
  for (const id of TABLE_IDS) {
    const visibility = (parsed as Record<string, { columnVisibility?: unknown } | undefined>)[id]?.columnVisibility;
    if (!visibility || typeof visibility !== "object") continue;
    const columns = Object.entries(visibility).filter(
      (entry): entry is [string, boolean] => typeof entry[1] === "boolean" && entry[0].length <= 64,
    );
    out[id] = { columnVisibility: Object.fromEntries(columns.slice(0, 50)) };
  }
  return out;
}

const listeners = new Set<() => void>();
let cached: { raw: string | null; value: Partial<Record<TableId, TablePreferences>> } = { raw: null, value: {} };

function storedRaw(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode, a blocked site): preferences last until the page closes.
    return cached.raw;
  }
}

function snapshot() {
  const raw = storedRaw();
  // The same object while nothing changed, as useSyncExternalStore needs.
  if (raw !== cached.raw) cached = { raw, value: readTablePreferences(raw) };
  return cached.value;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changing its choices changes this one's too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

function save(id: TableId, preferences: TablePreferences) {
  const next = JSON.stringify({ ...snapshot(), [id]: preferences });
  try {
    window.localStorage.setItem(STORAGE_KEY, next);
  } catch {
    cached = { raw: next, value: readTablePreferences(next) };
  }
  for (const listener of listeners) listener();
}

const NOTHING_STORED: Partial<Record<TableId, TablePreferences>> = {};
const serverSnapshot = () => NOTHING_STORED;

/**
 * One table's remembered preferences and the way to change them. The server (and the first render
 * in the browser, which must match it) knows none, so every column shows until the page has
 * loaded; then the stored choices apply.
 */
export function useTablePreferences(id: TableId) {
  const all = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  const preferences = all[id] ?? NONE;
  const setColumnVisibility = useCallback(
    (next: Record<string, boolean> | ((current: Record<string, boolean>) => Record<string, boolean>)) => {
      const current = snapshot()[id]?.columnVisibility ?? {};
      save(id, { columnVisibility: typeof next === "function" ? next(current) : next });
    },
    [id],
  );
  return { columnVisibility: preferences.columnVisibility, setColumnVisibility };
}
