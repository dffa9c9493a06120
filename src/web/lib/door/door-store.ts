import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import { type PackedTicket, type ScanOutcome, stalePacks } from "~/domain/scanning";

/**
 * What a door device keeps in IndexedDB (decision 0034), so scanning goes on without a signal and
 * survives a reload or a flat battery: each event's ticket list (its codes' fingerprints among it,
 * decision 0058) as last downloaded, the scans not yet synced, and the device's own name and gate.
 */
export interface StoredPack {
  eventId: string;
  tickets: PackedTicket[];
  counts: { checkedIn: number; expected: number };
  at: string;
}

export interface QueuedScan {
  clientScanId: string;
  eventId: string;
  code: string;
  gate: string;
  scannedAt: string;
  localOutcome: ScanOutcome;
}

interface DoorDb extends DBSchema {
  packs: { key: string; value: StoredPack };
  queue: { key: string; value: QueuedScan; indexes: { event: string } };
  meta: { key: string; value: string };
}

let opened: Promise<IDBPDatabase<DoorDb>> | null = null;

function db() {
  opened ??= openDB<DoorDb>("tb-door", 1, {
    upgrade(d) {
      d.createObjectStore("packs", { keyPath: "eventId" });
      d.createObjectStore("queue", { keyPath: "clientScanId" }).createIndex("event", "eventId");
      d.createObjectStore("meta");
    },
  });
  return opened;
}

export const doorStore = {
  async pack(eventId: string) {
    return (await db()).get("packs", eventId);
  },
  async savePack(pack: StoredPack) {
    await (await db()).put("packs", pack);
  },
  async forgetPack(eventId: string) {
    await (await db()).delete("packs", eventId);
  },
  /** Forgets the lists of other events this device has not refreshed for a while (`stalePacks`). */
  async forgetStale(scanning: string, now: number) {
    const d = await db();
    const [packs, queued] = await Promise.all([d.getAll("packs"), d.getAll("queue")]);
    const gone = stalePacks(packs, { now, scanning, waiting: new Set(queued.map((q) => q.eventId)) });
    await Promise.all(gone.map((id) => d.delete("packs", id)));
  },
  async queued(eventId: string) {
    return (await db()).getAllFromIndex("queue", "event", eventId);
  },
  async enqueue(scan: QueuedScan) {
    await (await db()).put("queue", scan);
  },
  async dequeue(ids: string[]) {
    const tx = (await db()).transaction("queue", "readwrite");
    await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
  },
  async meta(key: string) {
    return (await db()).get("meta", key);
  },
  async setMeta(key: string, value: string) {
    await (await db()).put("meta", value, key);
  },
};

/** This device's id: made once, kept, so its scans are told apart from every other device's. */
export async function deviceId(): Promise<string> {
  const kept = await doorStore.meta("deviceId");
  if (kept) return kept;
  const made = crypto.randomUUID();
  await doorStore.setMeta("deviceId", made);
  return made;
}
