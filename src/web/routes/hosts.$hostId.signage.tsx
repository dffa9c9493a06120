import { useEffect, useState } from "react";
import { data } from "react-router";
import { formatEventDateTime, formatLondonTime } from "~/lib/format";
import { HostAvatar, hostBrandStyle, HostName } from "~/web/components/widget/host-brand";
import { type SignageData, loadSignage } from "~/web/lib/signage.server";
import { useWakeLock } from "~/web/lib/use-wake-lock";
import type { Route } from "./+types/hosts.$hostId.signage";

/**
 * The host's signage (spec §2): a full screen for a TV at the venue, read from across a room. The
 * next events, each with a QR code to its page, four at a time; it asks for fresh data every few
 * minutes and keeps showing what it last had while the network is down. No header, footer or
 * cookie card.
 */
export const handle = { title: "Signage", bare: true };

const REFRESH_MS = 3 * 60_000;
const TURN_MS = 20_000;
const PER_SCREEN = 4;

export async function loader({ params, context }: Route.LoaderArgs) {
  const signage = await loadSignage(context, params.hostId);
  if (!signage) throw data(null, { status: 404 });
  return signage;
}

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  if (!loaded) return [{ title: "Page not found · Ticketyboo" }, { name: "robots", content: "noindex" }];
  return [
    { title: `What's on · ${loaded.host.name} · Ticketyboo` },
    { name: "description", content: `${loaded.host.name}'s next events, with a code to scan and book on Ticketyboo.` },
    { name: "robots", content: "noindex" },
  ];
};

/** Fresh data every few minutes; on any failure, what the screen already has stays up. */
function useFreshSignage(initial: SignageData): { signage: SignageData; offline: boolean } {
  const [signage, setSignage] = useState(initial);
  const [offline, setOffline] = useState(false);
  useEffect(() => setSignage(initial), [initial]);
  useEffect(() => {
    let stopped = false;
    const refresh = async () => {
      try {
        const res = await fetch(`/hosts/${encodeURIComponent(initial.host.id)}/signage/feed`, {
          cache: "no-store",
          signal: AbortSignal.timeout(20_000),
        });
        if (!res.ok) throw new Error(`signage feed answered ${res.status}`);
        const next = (await res.json()) as SignageData;
        if (stopped) return;
        setSignage(next);
        setOffline(false);
      } catch {
        if (!stopped) setOffline(true);
      }
    };
    const timer = window.setInterval(() => void refresh(), REFRESH_MS);
    // Back online: no need to wait for the next turn.
    const online = () => void refresh();
    window.addEventListener("online", online);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      window.removeEventListener("online", online);
    };
  }, [initial.host.id]);
  return { signage, offline };
}

/** The time now, moving on every few seconds (starting from the server's, so the first paint matches). */
function useClock(start: string): Date {
  const [now, setNow] = useState(() => new Date(start));
  useEffect(() => {
    setNow(new Date());
    const timer = window.setInterval(() => setNow(new Date()), 10_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

export default function Signage({ loaderData }: Route.ComponentProps) {
  const { signage, offline } = useFreshSignage(loaderData);
  const { host, events } = signage;
  const now = useClock(loaderData.at);
  useWakeLock(true);
  const screens = Math.max(1, Math.ceil(events.length / PER_SCREEN));
  const [turn, setTurn] = useState(0);
  useEffect(() => {
    if (screens <= 1) return;
    const timer = window.setInterval(() => setTurn((t) => t + 1), TURN_MS);
    return () => window.clearInterval(timer);
  }, [screens]);
  const screen = turn % screens;
  const shown = events.slice(screen * PER_SCREEN, screen * PER_SCREEN + PER_SCREEN);
  const grid =
    shown.length <= 1
      ? "grid-cols-1"
      : shown.length === 2
        ? "grid-cols-1 laptop:grid-rows-2"
        : "grid-cols-1 laptop:grid-cols-2 laptop:grid-rows-2";

  return (
    <div
      style={hostBrandStyle(host.colors)}
      className="flex min-h-dvh flex-col bg-bg text-fg laptop:h-dvh laptop:overflow-hidden"
    >
      <header
        className="flex items-center justify-between gap-6 border-b-[0.5vh] border-brand-strong bg-brand-strong
          px-[3vw] py-[1.5vh] text-on-brand"
        style={host.colors.accentColor ? { borderBottomColor: host.colors.accentColor } : undefined}
      >
        <div className="flex min-w-0 items-center gap-[1.5vw]">
          <HostAvatar host={host} className="size-[clamp(3rem,7vh,6rem)] text-[clamp(1rem,2vw,2rem)]" />
          <h1
            className="flex min-w-0 items-center gap-3 text-[clamp(1.5rem,3.2vw,4.5rem)] leading-tight
              font-extrabold"
          >
            <HostName host={host} badgeClassName="size-[0.8em]" />
          </h1>
        </div>
        <p className="shrink-0 text-[clamp(1.25rem,2.6vw,3.5rem)] font-bold tabular-nums">
          <span className="sr-only">The time is </span>
          {formatLondonTime(now)}
        </p>
      </header>

      <main id="main" className="flex min-h-0 flex-1 flex-col p-[2vw]">
        {events.length === 0 ? (
          <div className="grid flex-1 place-items-center text-center">
            <div>
              <h2 className="text-[clamp(2rem,4.5vw,6rem)] leading-tight font-extrabold">
                No upcoming events — check back soon
              </h2>
              <p className="mt-[2vh] text-[clamp(1.25rem,2vw,2.75rem)] text-fg-muted">
                New dates show here as soon as they go on sale.
              </p>
            </div>
          </div>
        ) : (
          <>
            <h2 className="sr-only">Coming up</h2>
            <ul className={`grid min-h-0 flex-1 gap-[2vw] ${grid}`}>
              {shown.map((e) => (
                <li key={e.id} className="card flex min-h-0 items-center gap-[2vw] overflow-hidden p-[2vw]">
                  <div className="min-w-0 flex-1">
                    <p className="text-[clamp(1.1rem,1.9vw,2.6rem)] font-bold text-brand">
                      {formatEventDateTime(new Date(e.startsAt))}
                    </p>
                    <h3
                      className="mt-[0.5vh] line-clamp-2 text-[clamp(1.5rem,2.8vw,4rem)] leading-[1.1]
                        font-extrabold break-words"
                    >
                      {e.name}
                    </h3>
                    <p className="mt-[0.5vh] line-clamp-1 text-[clamp(1rem,1.6vw,2.2rem)] text-fg-muted">{e.where}</p>
                    <p className="mt-[1.5vh] text-[clamp(1.25rem,2.3vw,3.2rem)] font-extrabold">
                      {e.soldOut ? "Sold out" : (e.price ?? "Tickets on sale soon")}
                    </p>
                  </div>
                  <figure className="shrink-0 text-center">
                    <div
                      role="img"
                      aria-label={`QR code to book ${e.name}`}
                      className="w-[clamp(7rem,min(13vw,24vh),18rem)] rounded-xl bg-white p-[0.6vw]"
                      dangerouslySetInnerHTML={{ __html: e.qr }}
                    />
                    <figcaption className="mt-[0.8vh] text-[clamp(0.9rem,1.3vw,1.8rem)] font-semibold">
                      Scan to book
                    </figcaption>
                  </figure>
                </li>
              ))}
            </ul>
          </>
        )}
      </main>

      <footer
        className="flex flex-wrap items-center justify-between gap-x-6 gap-y-1 px-[3vw] pb-[1.5vh]
          text-[clamp(0.9rem,1.3vw,1.8rem)] text-fg-muted"
      >
        <p role="status">
          {offline
            ? `Offline: showing events as of ${formatLondonTime(new Date(signage.at))}`
            : `Updated ${formatLondonTime(new Date(signage.at))}`}
        </p>
        <p>
          {screens > 1 ? `${screen + 1} of ${screens} · ` : ""}
          Tickets on <strong className="text-fg">Ticketyboo</strong>
        </p>
      </footer>
    </div>
  );
}
