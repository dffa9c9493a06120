import { useCallback, useEffect, useRef, useState } from "react";
import {
  judgeOffline,
  NOT_ON_LIST,
  type OfflineTicket,
  type PackedTicket,
  SCAN_NOT_ALLOWED,
  type ScanOutcome,
  scanOutcomeText,
  SYNC_BATCH_MAX,
  typedCodeHint,
} from "~/domain/scanning";
import { codeFingerprint, parseTicketCode, type Sha256 } from "~/domain/ticket-codes";
import { deviceId, doorStore, type QueuedScan, type StoredPack } from "./door-store";

/** What the door shows after a scan: spec §4's outcome, or 'Scan Not Allowed' when access has gone. */
export interface DoorResult {
  id: string;
  outcome: ScanOutcome | "not_allowed" | "no_list" | "not_on_list";
  message: string;
  holderName: string | null;
  ticketType: string | null;
  checkedInAt: string | null;
  gate: string | null;
  /** Decided on this device, without the server: it is synced later. */
  offline: boolean;
  /** For a typed code that is not a ticket's: what to type instead. */
  hint?: string | null;
}

/** An admission this device made offline that the sync found another gate (or a cancellation) beat. */
export interface DoorConflictNote {
  clientScanId: string;
  holderName: string | null;
  message: string;
  gate: string | null;
  checkedInAt: string | null;
}

export interface DoorState {
  online: boolean;
  /** A ticket list is on this device, so scanning works without a signal. */
  listReady: boolean;
  listAt: string | null;
  pending: number;
  lastSynced: string | null;
  counts: { checkedIn: number; expected: number };
  result: DoorResult | null;
  conflicts: DoorConflictNote[];
  /** The server said this device may no longer scan (a link revoked or expired). */
  revoked: boolean;
}

interface ServerScan {
  clientScanId: string;
  ticketId: string | null;
  outcome: ScanOutcome;
  message: string;
  holderName: string | null;
  ticketType: string | null;
  checkedInAt: string | null;
  gate: string | null;
  conflict: boolean;
}

/** How long an online scan may take before the door decides on its own. */
const ONLINE_WAIT_MS = 2500;
const SYNC_EVERY_MS = 5000;
const REFRESH_LIST_EVERY_MS = 60_000;
/** Other gates' admissions reach this device's count this often. */
const COUNT_EVERY_MS = 10_000;

/** SHA-256 with WebCrypto: the browser's half of the offline check. */
const webSha256: Sha256 = async (data) => new Uint8Array(await crypto.subtle.digest("SHA-256", data as BufferSource));

async function call(url: string, init: RequestInit & { timeoutMs?: number } = {}): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), init.timeoutMs ?? 15_000);
  try {
    return await fetch(url, {
      ...init,
      signal: controller.signal,
      credentials: "same-origin",
      headers: init.body ? { "Content-Type": "application/json" } : undefined,
    });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The scan page's engine (decision 0034): online, the server decides each scan; with no signal (or
 * no answer within 2.5 s) the device decides from the ticket list it downloaded (each ticket with its
 * code's fingerprint, decision 0058), keeps the
 * scan in IndexedDB and syncs it when the connection returns. It shows what waits to sync, when it
 * last synced, and any admission the sync found to be a conflict.
 */
export function useDoor(input: { eventId: string; counts: { checkedIn: number; expected: number } }) {
  const { eventId } = input;
  const [state, setState] = useState<DoorState>({
    online: true,
    listReady: false,
    listAt: null,
    pending: 0,
    lastSynced: null,
    counts: input.counts,
    result: null,
    conflicts: [],
    revoked: false,
  });
  const pack = useRef<{ tickets: Map<string, PackedTicket> } | null>(null);
  /** What this device learned since the list was downloaded: its own admissions, online or off. */
  const local = useRef(new Map<string, OfflineTicket & { fingerprint: string; at: string; gate: string }>());
  const device = useRef<Promise<string> | null>(null);
  const syncing = useRef(false);
  const patch = useCallback((p: Partial<DoorState>) => setState((s) => ({ ...s, ...p })), []);

  const revoke = useCallback(async () => {
    pack.current = null;
    await doorStore.forgetPack(eventId).catch(() => undefined);
    patch({ revoked: true, listReady: false });
  }, [eventId, patch]);

  const adoptPack = useCallback(
    (p: StoredPack) => {
      // A list kept from before fingerprints (decision 0058) is not used: the next download replaces it.
      if (p.tickets.some((t) => typeof t[7] !== "string")) return;
      pack.current = { tickets: new Map(p.tickets.map((t) => [t[0], t])) };
      patch({ listReady: true, listAt: p.at });
    },
    [patch],
  );

  const countPending = useCallback(async () => {
    const queued = await doorStore.queued(eventId);
    patch({ pending: queued.length });
    return queued;
  }, [eventId, patch]);

  /** The server's count, plus this device's admissions it has not heard of yet. */
  const refreshCount = useCallback(async () => {
    try {
      const res = await call(`/api/door/events/${eventId}/counts`, { timeoutMs: 5000 });
      if (res.status === 403) return void (await revoke());
      if (!res.ok) return;
      const counts = (await res.json()) as DoorState["counts"];
      const unsent = (await doorStore.queued(eventId)).filter((q) => q.localOutcome === "checked_in").length;
      patch({ counts: { checkedIn: counts.checkedIn + unsent, expected: counts.expected } });
    } catch {
      // No signal: the count goes on from this device's own scans.
    }
  }, [eventId, patch, revoke]);

  const refreshList = useCallback(async () => {
    try {
      const res = await call(`/api/door/events/${eventId}/pack`);
      if (res.status === 403) return void (await revoke());
      if (!res.ok) return;
      const p = (await res.json()) as StoredPack;
      await doorStore.savePack(p);
      adoptPack(p);
      await refreshCount();
    } catch {
      // No signal: the kept list stands.
    }
  }, [eventId, revoke, adoptPack, refreshCount]);

  /** Remembers when this device last synced, on the page and across reloads. */
  const markSynced = useCallback(
    async (at: string) => {
      patch({ lastSynced: at });
      await doorStore.setMeta(`lastSynced:${eventId}`, at).catch(() => undefined);
    },
    [eventId, patch],
  );

  const sync = useCallback(async () => {
    if (syncing.current || !navigator.onLine) return;
    syncing.current = true;
    try {
      let queued = await countPending();
      while (queued.length > 0) {
        const batch = queued.slice(0, SYNC_BATCH_MAX);
        const res = await call(`/api/door/events/${eventId}/sync`, {
          method: "POST",
          body: JSON.stringify({
            deviceId: await (device.current ??= deviceId()),
            scans: batch.map(({ eventId: _, ...s }) => s),
          }),
        });
        if (res.status === 403) return void (await revoke());
        if (!res.ok) return;
        const body = (await res.json()) as { results: ServerScan[]; counts: DoorState["counts"]; at: string };
        await doorStore.dequeue(batch.map((b) => b.clientScanId));
        const conflicts = body.results
          .filter((r) => r.conflict)
          .map((r) => ({
            clientScanId: r.clientScanId,
            holderName: r.holderName,
            message: r.message,
            gate: r.gate,
            checkedInAt: r.checkedInAt,
          }));
        setState((s) => ({ ...s, counts: body.counts, conflicts: [...conflicts, ...s.conflicts].slice(0, 50) }));
        await markSynced(body.at);
        queued = await countPending();
      }
      await markSynced(new Date().toISOString());
    } catch {
      // The connection went again: the queue is kept for the next try.
    } finally {
      syncing.current = false;
    }
  }, [countPending, eventId, markSynced, revoke]);

  useEffect(() => {
    let live = true;
    patch({ online: navigator.onLine });
    // Other events' lists (holders' names among them) do not stay on the device for long.
    void doorStore.forgetStale(eventId, Date.now()).catch(() => undefined);
    void (async () => {
      const kept = await doorStore.pack(eventId).catch(() => undefined);
      if (kept && live) adoptPack(kept);
      // When this device last synced survives a reload with no signal, when it matters most.
      const synced = await doorStore.meta(`lastSynced:${eventId}`).catch(() => undefined);
      if (synced && live) setState((s) => ({ ...s, lastSynced: s.lastSynced ?? synced }));
      await countPending();
      if (navigator.onLine) {
        await refreshList();
        await sync();
      }
    })();
    const goOnline = () => {
      patch({ online: true });
      void sync().then(refreshList);
    };
    const goOffline = () => patch({ online: false });
    window.addEventListener("online", goOnline);
    window.addEventListener("offline", goOffline);
    const syncTimer = setInterval(() => void sync(), SYNC_EVERY_MS);
    const listTimer = setInterval(() => navigator.onLine && void refreshList(), REFRESH_LIST_EVERY_MS);
    const countTimer = setInterval(() => navigator.onLine && void refreshCount(), COUNT_EVERY_MS);
    return () => {
      live = false;
      window.removeEventListener("online", goOnline);
      window.removeEventListener("offline", goOffline);
      clearInterval(syncTimer);
      clearInterval(listTimer);
      clearInterval(countTimer);
    };
  }, [countPending, eventId, patch, refreshCount, refreshList, sync, adoptPack]);

  const remember = async (ticketId: string | null, code: string, version: number, at: string, gate: string) => {
    if (!ticketId) return;
    const fingerprint = await codeFingerprint(code, webSha256);
    local.current.set(ticketId, { status: "checked_in", codeVersion: version, fingerprint, at, gate });
  };

  /** Decides one scan on this device, from the kept list and its own admissions since. */
  const decideOffline = async (scan: Omit<QueuedScan, "localOutcome" | "eventId">): Promise<DoorResult> => {
    const p = pack.current;
    const base = { id: scan.clientScanId, offline: true, holderName: null, ticketType: null };
    if (!p) return { ...base, outcome: "no_list", message: NO_LIST, checkedInAt: null, gate: null };
    const listedOf = (id: string) => {
      const t = p.tickets.get(id);
      return t && { status: t[2], codeVersion: t[1], fingerprint: t[7] };
    };
    const { outcome, ticketId, version, matches } = await judgeOffline(
      scan.code,
      (id) => local.current.get(id) ?? listedOf(id),
      webSha256,
    );
    const listed = ticketId ? p.tickets.get(ticketId) : undefined;
    const mine = ticketId ? local.current.get(ticketId) : undefined;
    // Nothing is let in or refused for good, and nothing waits to sync: the buyer is asked to try again with a signal.
    if (outcome === "not_on_list")
      return {
        ...base,
        offline: false,
        outcome,
        message: NOT_ON_LIST.message,
        hint: NOT_ON_LIST.hint,
        checkedInAt: null,
        gate: null,
      };
    await doorStore.enqueue({ ...scan, eventId, localOutcome: outcome });
    if (outcome === "checked_in") {
      await remember(ticketId, scan.code, version, scan.scannedAt, scan.gate);
      setState((s) => ({ ...s, counts: { ...s.counts, checkedIn: s.counts.checkedIn + 1 } }));
    }
    void countPending();
    const ours = matches && listed;
    return {
      ...base,
      outcome,
      message: scanOutcomeText[outcome],
      holderName: ours ? listed[3] : null,
      ticketType: ours ? listed[4] : null,
      checkedInAt: outcome === "already_checked_in" ? (mine?.at ?? listed?.[5] ?? null) : null,
      gate: outcome === "already_checked_in" ? (mine?.gate ?? listed?.[6] ?? null) : null,
    };
  };

  /** One scan, by camera or typed: online if the server answers in time, else on this device. */
  const scan = async (code: string, gate: string, opts: { typed?: boolean } = {}): Promise<DoorResult> => {
    const s = { clientScanId: crypto.randomUUID(), code: code.trim(), gate, scannedAt: new Date().toISOString() };
    let result: DoorResult | null = null;
    if (navigator.onLine) {
      try {
        const res = await call(`/api/door/events/${eventId}/scans`, {
          method: "POST",
          timeoutMs: ONLINE_WAIT_MS,
          body: JSON.stringify({ deviceId: await (device.current ??= deviceId()), ...s, scannedAt: undefined }),
        });
        if (res.status === 403) {
          await revoke();
          result = { ...blank(s.clientScanId), outcome: "not_allowed", message: SCAN_NOT_ALLOWED };
        } else if (res.ok) {
          const r = (await res.json()) as ServerScan;
          if (r.outcome === "checked_in") {
            const parsed = parseTicketCode(s.code);
            await remember(r.ticketId ?? parsed?.ticketId ?? null, s.code, parsed?.version ?? 0, s.scannedAt, gate);
            setState((st) => ({ ...st, counts: { ...st.counts, checkedIn: st.counts.checkedIn + 1 } }));
          }
          result = { ...r, id: s.clientScanId, offline: false };
        } else if (res.status < 500) {
          const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
          result = {
            ...blank(s.clientScanId),
            outcome: "invalid_code",
            message: body?.error?.message ?? scanOutcomeText.invalid_code,
          };
        }
      } catch {
        // No answer in time: this device decides.
      }
    }
    result ??= await decideOffline(s);
    // The hint goes under the spec's words; a refusal in words of its own already says what to type.
    if (opts.typed && result.message === scanOutcomeText.invalid_code)
      result = { ...result, hint: typedCodeHint(s.code) };
    patch({ result });
    return result;
  };

  const dismiss = useCallback(() => patch({ result: null }), [patch]);
  return { state, scan, dismiss, syncNow: sync };
}

const NO_LIST = "No ticket list on this device yet. Connect to the internet once to download it.";

const blank = (id: string): Omit<DoorResult, "outcome" | "message"> => ({
  id,
  holderName: null,
  ticketType: null,
  checkedInAt: null,
  gate: null,
  offline: false,
});
