import { AlertTriangle, Camera, CameraOff, CheckCircle2, CloudOff, RefreshCw, Wifi, XCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { formatEventDateTime, formatLondonTime } from "~/lib/format";
import { QrReaderUnavailable, startCamera } from "~/web/lib/door/camera";
import { type DoorResult, useDoor } from "~/web/lib/door/use-door";
import { scannerMessages } from "~/texts/scanner-messages";
import { ScanNotAllowed } from "./scan-not-allowed";
import { useKeepDoorOffline } from "~/web/lib/door/keep-door-offline";

interface Props {
  event: { id: string; name: string; startsAt: Date | string; venueName: string | null; hostTitle: string };
  counts: { checkedIn: number; expected: number };
  viaLink: boolean;
}

const GATE_KEY = "tb-door-gate";

/**
 * The door (spec §2 /h/scan, §4 outcomes): camera or typed code, a full-screen answer in colour
 * with a sound and a buzz, and the next scan ready at once. Built for one thumb: the code box and
 * its button sit at the bottom; the answer closes with a tap anywhere, or by itself.
 */
export function DoorScreen({ event, counts, viaLink }: Props) {
  const door = useDoor({ eventId: event.id, counts });
  const { state } = door;
  const [gate, setGate] = useState("Main door");
  const [code, setCode] = useState("");
  const [camera, setCamera] = useState<keyof typeof scannerMessages.camera | "on">("off");
  const video = useRef<HTMLVideoElement>(null);
  const stopCamera = useRef<(() => void) | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const busy = useRef(false);
  const showing = useRef(false);
  useKeepDoorOffline();

  useEffect(() => {
    const kept = localStorage.getItem(GATE_KEY);
    if (kept) setGate(kept);
  }, []);
  // Each start of the camera is a run; stopping, leaving the page or losing access ends the run, and
  // a camera that comes on for a run already ended is let go at once.
  const cameraRun = useRef(0);
  const endCamera = () => {
    cameraRun.current++;
    stopCamera.current?.();
    stopCamera.current = null;
  };
  useEffect(() => endCamera, []);
  useEffect(() => {
    if (state.revoked) endCamera();
  }, [state.revoked]);
  showing.current = state.result !== null;

  const submit = async (text: string, typed = false) => {
    if (busy.current || !text.trim()) return;
    busy.current = true;
    try {
      const result = await door.scan(text, gate.trim() || "Door", { typed });
      signal(result);
      setCode("");
    } finally {
      busy.current = false;
    }
  };

  // The answer closes by itself (sooner for a good one, later for one with a hint to read), and the
  // code box is ready again. Its clock starts with the answer: other renders (a count, a sync) leave it running.
  const { dismiss } = door;
  useEffect(() => {
    if (!state.result) return;
    const ms = state.result.outcome === "checked_in" ? 1600 : state.result.hint ? 7000 : 3500;
    const t = setTimeout(() => {
      dismiss();
      input.current?.focus({ preventScroll: true });
    }, ms);
    return () => clearTimeout(t);
  }, [state.result, dismiss]);

  // The camera's reads go to this render's submit (its gate as typed now), not the one it started with.
  const latestSubmit = useRef(submit);
  latestSubmit.current = submit;

  const toggleCamera = async () => {
    if (camera === "starting") return;
    if (camera === "on") {
      endCamera();
      setCamera("off");
      return;
    }
    if (!video.current) return;
    setCamera("starting");
    const run = ++cameraRun.current;
    try {
      const stop = await startCamera(video.current, (text) => {
        // While an answer shows (or a scan is on its way), the code waits for the next look.
        if (showing.current || busy.current) return false;
        void latestSubmit.current(text);
        return true;
      });
      if (run !== cameraRun.current) return stop();
      stopCamera.current = stop;
      setCamera("on");
    } catch (error) {
      if (run === cameraRun.current) setCamera(error instanceof QrReaderUnavailable ? "no-reader" : "failed");
    }
  };

  if (state.revoked)
    return <ScanNotAllowed why={viaLink ? scannerMessages.linkClosed : scannerMessages.noLongerYours} />;

  const { checkedIn, expected } = state.counts;
  const percent = expected > 0 ? Math.min(100, Math.round((checkedIn / expected) * 100)) : 0;
  return (
    <div className="flex min-h-dvh flex-col bg-neutral-950 text-white">
      <header className="flex flex-col gap-2 border-b border-white/10 px-4 pt-3 pb-3">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="truncate text-lg font-bold">{event.name}</h1>
            <p className="truncate text-sm text-white/70">
              {formatEventDateTime(new Date(event.startsAt))}
              {event.venueName ? ` · ${event.venueName}` : ""}
            </p>
          </div>
          {viaLink ? null : (
            <a href="/h" className="shrink-0 rounded-full px-3 py-2 text-sm text-white/80 underline">
              Studio
            </a>
          )}
        </div>
        <SyncStatus
          online={state.online}
          pending={state.pending}
          lastSynced={state.lastSynced}
          listReady={state.listReady}
          onSync={() => void door.syncNow()}
        />
      </header>

      <main id="main" className="flex flex-1 flex-col gap-4 px-4 py-4">
        <section aria-label="Checked in so far" className="flex flex-col gap-2">
          <p className="flex items-baseline justify-between">
            <span className="text-4xl font-extrabold tabular-nums" data-testid="door-count">
              {checkedIn} <span className="text-xl font-semibold text-white/60">/ {expected}</span>
            </span>
            <span className="text-sm text-white/70">checked in</span>
          </p>
          <div className="h-2 overflow-hidden rounded-full bg-white/15" aria-hidden>
            <div className="h-full rounded-full bg-emerald-400" style={{ width: `${percent}%` }} />
          </div>
        </section>

        <section aria-label="Camera" className="flex flex-col gap-2">
          <div className="relative aspect-square max-h-[45dvh] w-full overflow-hidden rounded-2xl bg-black">
            <video
              ref={video}
              aria-label="Camera view"
              className={`size-full object-cover ${camera === "on" ? "" : "hidden"}`}
              muted
              playsInline
            />
            {camera === "on" ? (
              <div
                aria-hidden
                className="pointer-events-none absolute inset-[18%] rounded-2xl border-4 border-white/70"
              />
            ) : (
              <div className="absolute inset-0 grid place-items-center p-6 text-center text-white/70">
                {scannerMessages.camera[camera]}
              </div>
            )}
          </div>
          <button
            type="button"
            onClick={() => void toggleCamera()}
            disabled={camera === "starting"}
            className="inline-flex min-h-12 items-center justify-center gap-2 rounded-xl bg-white/10 px-4 font-semibold"
          >
            {camera === "on" ? <CameraOff aria-hidden className="size-5" /> : <Camera aria-hidden className="size-5" />}
            {camera === "on" ? "Stop camera" : "Scan with camera"}
          </button>
        </section>

        {state.conflicts.length > 0 ? (
          <section aria-labelledby="conflicts-heading" className="rounded-2xl bg-amber-400/15 p-3 text-amber-100">
            <h2 id="conflicts-heading" className="flex items-center gap-2 font-semibold">
              <AlertTriangle aria-hidden className="size-5" />
              {state.conflicts.length === 1 ? "1 conflict from offline scans" : `${state.conflicts.length} conflicts`}
            </h2>
            <ul className="mt-2 flex flex-col gap-1 text-sm" data-testid="door-conflicts">
              {state.conflicts.map((c) => (
                <li key={c.clientScanId}>
                  {c.holderName ?? "A ticket"}: {c.message}
                  {c.gate && c.checkedInAt
                    ? ` (let in at ${c.gate} at ${formatLondonTime(new Date(c.checkedInAt))})`
                    : ""}
                  . The host has been told.
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <form
          className="mt-auto flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void submit(code, true);
          }}
        >
          <div className="flex items-center gap-2 text-sm text-white/70">
            <label htmlFor="door-gate">Gate</label>
            <input
              id="door-gate"
              value={gate}
              maxLength={40}
              onChange={(e) => {
                setGate(e.target.value);
                localStorage.setItem(GATE_KEY, e.target.value);
              }}
              className="h-9 min-w-0 flex-1 rounded-lg border border-white/20 bg-transparent px-2 text-white"
            />
          </div>
          <label htmlFor="door-code" className="text-sm font-semibold">
            Ticket code
          </label>
          <div className="flex gap-2">
            <input
              id="door-code"
              ref={input}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="TB1.…"
              className="h-14 min-w-0 flex-1 rounded-xl border border-white/25 bg-white/5 px-3 font-mono text-base
                text-white
                placeholder:text-white/40"
            />
            <button type="submit" className="h-14 rounded-xl bg-emerald-500 px-5 text-base font-bold text-neutral-950">
              Check in
            </button>
          </div>
        </form>
      </main>

      {state.result ? <Outcome result={state.result} onClose={door.dismiss} /> : null}
    </div>
  );
}

function SyncStatus(props: {
  online: boolean;
  pending: number;
  lastSynced: string | null;
  listReady: boolean;
  onSync: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" aria-live="polite" data-testid="door-status">
      <span
        className={`inline-flex items-center gap-1.5 font-semibold ${
          props.online ? "text-emerald-300" : "text-amber-300"
        }`}
      >
        {props.online ? <Wifi aria-hidden className="size-4" /> : <CloudOff aria-hidden className="size-4" />}
        {props.online ? "Online" : "Offline"}
      </span>
      <span className="text-white/70">
        {props.pending === 0
          ? "All scans synced"
          : `${props.pending} ${props.pending === 1 ? "scan" : "scans"} to sync`}
      </span>
      {props.lastSynced ? (
        <span className="text-white/70">Last synced {formatLondonTime(new Date(props.lastSynced))}</span>
      ) : null}
      {props.listReady ? null : <span className="text-amber-300">Ticket list not on this device yet</span>}
      {props.pending > 0 && props.online ? (
        <button type="button" onClick={props.onSync} className="inline-flex items-center gap-1 underline">
          <RefreshCw aria-hidden className="size-4" /> Sync now
        </button>
      ) : null}
    </div>
  );
}

/** Each answer's colours, text included: white on the dark ones, near-black on amber (white there is 2:1). */
const TONE: Record<DoorResult["outcome"], string> = {
  checked_in: "bg-emerald-600 text-white",
  already_checked_in: "bg-amber-500 text-neutral-950",
  already_cancelled: "bg-red-700 text-white",
  invalid_code: "bg-red-700 text-white",
  no_match: "bg-red-700 text-white",
  order_not_found: "bg-red-700 text-white",
  not_allowed: "bg-red-700 text-white",
  no_list: "bg-neutral-700 text-white",
  not_on_list: "bg-amber-500 text-neutral-950",
};

function Outcome({ result, onClose }: { result: DoorResult; onClose: () => void }) {
  const good = result.outcome === "checked_in";
  const warn = result.outcome === "already_checked_in" || result.outcome === "not_on_list";
  const Icon = good ? CheckCircle2 : warn ? AlertTriangle : XCircle;
  return (
    <button
      type="button"
      onClick={onClose}
      className={`fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 p-6 text-center ${
        TONE[result.outcome]
      }`}
      aria-label={`${result.message}. Tap for the next scan.`}
      data-testid="door-outcome"
      data-outcome={result.outcome}
    >
      <span role="alert" className="flex flex-col items-center gap-4">
        <Icon aria-hidden className="size-24" strokeWidth={2.5} />
        <span className="text-4xl leading-tight font-extrabold">{result.message}</span>
        {result.holderName ? <span className="text-2xl font-semibold">{result.holderName}</span> : null}
        {result.ticketType ? <span className="text-lg">{result.ticketType}</span> : null}
        {result.hint ? <span className="max-w-md text-lg">{result.hint}</span> : null}
        {result.outcome === "already_checked_in" && result.checkedInAt ? (
          <span className="text-lg">
            Checked in at {formatLondonTime(new Date(result.checkedInAt))}
            {result.gate ? ` at ${result.gate}` : " by hand"}
          </span>
        ) : null}
        {result.offline ? (
          <span className="rounded-full bg-black/25 px-3 py-1 text-sm">Offline · will sync</span>
        ) : null}
      </span>
      <span className="mt-6 text-sm opacity-80">Tap for the next scan</span>
    </button>
  );
}

/** A beep and a buzz for each answer: one high for in, two low for anything else. */
function signal(result: DoorResult) {
  const good = result.outcome === "checked_in";
  navigator.vibrate?.(good ? 80 : [200, 100, 200]);
  try {
    const Ctx = window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctx) return;
    const audio = new Ctx();
    const tones = good
      ? [[880, 0]]
      : [
          [300, 0],
          [300, 0.22],
        ];
    for (const [hz, at] of tones) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = hz!;
      gain.gain.value = 0.2;
      osc.connect(gain).connect(audio.destination);
      osc.start(audio.currentTime + at!);
      osc.stop(audio.currentTime + at! + 0.15);
    }
    setTimeout(() => void audio.close(), 800);
  } catch {
    // No sound on this device: the colour and the words still say it.
  }
}
