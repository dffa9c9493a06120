import { CheckCircle2, Download, MonitorSmartphone, ScanLine, Ticket, WifiOff } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { PageIntro } from "~/web/components/page-intro";
import { publicUrlFrom, seo } from "~/web/lib/seo";
import type { Route } from "./+types/get-the-app";

export const handle = { title: "Get the app" };

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: "Get the app · Ticketyboo",
    description:
      "Install Ticketyboo on your phone's home screen from the browser: no app store, tickets that open with no " +
      "signal, and a door scanner that keeps working offline.",
    path: "/get-the-app",
    publicUrl: publicUrlFrom(matches),
  });

/** Chromium's install offer (not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

type Platform = "iphone" | "android" | "computer";

/** Spec §9's mobile platforms: android, iphone, ipad, ipod. */
function platformOf(userAgent: string): Platform {
  if (/iphone|ipad|ipod/i.test(userAgent)) return "iphone";
  if (/android/i.test(userAgent)) return "android";
  return "computer";
}

type InstallState =
  | { kind: "unknown" }
  | { kind: "offered"; event: BeforeInstallPromptEvent }
  | { kind: "installed" }
  | { kind: "in-app" };

/**
 * The Install button, shown only when the browser offers to install (Chrome, Edge and Samsung
 * Internet fire `beforeinstallprompt`); otherwise the steps for each device below do the job.
 */
function useInstall() {
  const [state, setState] = useState<InstallState>({ kind: "unknown" });
  const [platform, setPlatform] = useState<Platform | null>(null);
  useEffect(() => {
    setPlatform(platformOf(navigator.userAgent));
    const standalone =
      window.matchMedia("(display-mode: standalone)").matches ||
      (navigator as Navigator & { standalone?: boolean }).standalone === true;
    if (standalone) setState({ kind: "in-app" });
    const offered = (event: Event) => {
      event.preventDefault();
      setState({ kind: "offered", event: event as BeforeInstallPromptEvent });
    };
    const installed = () => setState({ kind: "installed" });
    window.addEventListener("beforeinstallprompt", offered);
    window.addEventListener("appinstalled", installed);
    // The installed app keeps tickets and the door offline through the service worker (public/sw.js).
    navigator.serviceWorker?.register("/sw.js", { scope: "/" }).catch(() => undefined);
    return () => {
      window.removeEventListener("beforeinstallprompt", offered);
      window.removeEventListener("appinstalled", installed);
    };
  }, []);
  const install = async () => {
    if (state.kind !== "offered") return;
    await state.event.prompt();
    const choice = await state.event.userChoice;
    // An offer can be used once: after a "not now" the browser offers again later, if at all.
    setState(choice.outcome === "accepted" ? { kind: "installed" } : { kind: "unknown" });
  };
  return { state, platform, install };
}

const STEPS: { platform: Platform; heading: string; intro: string; steps: string[] }[] = [
  {
    platform: "iphone",
    heading: "iPhone and iPad",
    intro: "In Safari:",
    steps: [
      "Open Ticketyboo in Safari.",
      "Tap the Share button (the square with an arrow pointing up) at the bottom of the screen, or at the top on iPad.",
      "Scroll down and tap Add to Home Screen.",
      "Tap Add. Ticketyboo appears on your home screen and opens full screen, like any app.",
    ],
  },
  {
    platform: "android",
    heading: "Android",
    intro: "In Chrome (Samsung Internet and Edge are much the same):",
    steps: [
      "Open Ticketyboo in Chrome.",
      "Tap Install above, if you see it. Otherwise tap the menu (three dots, top right).",
      "Tap Install app, or Add to Home screen, then Install.",
      "Press and hold the Ticketyboo icon for a shortcut straight to Scan tickets.",
    ],
  },
  {
    platform: "computer",
    heading: "Computer",
    intro: "In Chrome or Edge:",
    steps: [
      "Open Ticketyboo.",
      "Click Install above, or the install icon at the right of the address bar.",
      "Ticketyboo opens in its own window, and you'll find it with your other apps.",
    ],
  },
];

export default function GetTheApp() {
  const { state, platform, install } = useInstall();
  return (
    <div className="container-page py-10 tablet:py-14">
      <PageIntro
        eyebrow="Get the app"
        title="Ticketyboo on your home screen, no app store needed"
        lead={
          "Ticketyboo installs straight from your browser. It takes next to no space, updates itself, " +
          "and keeps your tickets ready to show at the door, even with no signal."
        }
      />

      <section aria-labelledby="install-heading" className="card mx-auto mt-8 max-w-5xl p-5 tablet:p-6">
        <h2 id="install-heading" className="flex items-center gap-2 text-xl font-bold">
          <MonitorSmartphone aria-hidden className="size-5 text-brand" /> Install Ticketyboo
        </h2>
        <div aria-live="polite" className="mt-3">
          {state.kind === "offered" ? (
            <>
              <p className="text-fg-muted">Your browser can install Ticketyboo in one tap.</p>
              <button type="button" className="btn-primary mt-4" onClick={() => void install()}>
                <Download aria-hidden className="size-4" /> Install
              </button>
            </>
          ) : state.kind === "installed" || state.kind === "in-app" ? (
            <p className="flex items-center gap-2 font-medium text-success">
              <CheckCircle2 aria-hidden className="size-5" />
              {state.kind === "installed"
                ? "Installed. Open Ticketyboo from your home screen or apps."
                : "You're using the Ticketyboo app already."}
            </p>
          ) : (
            <p className="text-fg-muted">
              Follow the steps for your device below. Where your browser offers to install Ticketyboo in one tap, an
              Install button appears here.
            </p>
          )}
        </div>
      </section>

      <section aria-labelledby="steps-heading" className="mx-auto mt-12 max-w-5xl">
        <h2 id="steps-heading" className="text-2xl font-extrabold tracking-tight">
          How to install it
        </h2>
        <div className="mt-5 grid gap-5 laptop:grid-cols-3">
          {STEPS.map((s) => (
            <section
              key={s.platform}
              aria-labelledby={`steps-${s.platform}`}
              className={`card p-5 ${platform === s.platform ? "border-brand ring-1 ring-brand" : ""}`}
            >
              <h3 id={`steps-${s.platform}`} className="flex flex-wrap items-center gap-2 text-lg font-bold">
                {s.heading}
                {platform === s.platform ? (
                  <span className="rounded-full bg-brand-soft px-2 py-0.5 text-xs font-semibold text-fg">
                    Your device
                  </span>
                ) : null}
              </h3>
              <p className="mt-2 text-sm text-fg-muted">{s.intro}</p>
              <ol className="mt-2 list-decimal space-y-2 pl-6 marker:font-bold marker:text-brand">
                {s.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </section>
          ))}
        </div>
      </section>

      <section aria-labelledby="offline-heading" className="mx-auto mt-12 max-w-5xl">
        <h2 id="offline-heading" className="flex items-center gap-2 text-2xl font-extrabold tracking-tight">
          <WifiOff aria-hidden className="size-6 text-brand" /> What works with no signal
        </h2>
        <div className="mt-5 grid gap-5 tablet:grid-cols-2">
          <div className="card p-5">
            <h3 className="flex items-center gap-2 text-lg font-bold">
              <Ticket aria-hidden className="size-5 text-brand" /> Your tickets
            </h3>
            <p className="mt-2 text-fg-muted">
              Open each ticket once in{" "}
              <Link to="/u/tickets" className="link">
                My Tickets
              </Link>{" "}
              while you have signal. From then on its QR code shows on that phone anywhere: a basement bar, a field, a
              train. When you log out, the tickets kept on the phone are deleted, so the next person can&apos;t see
              them.
            </p>
          </div>
          <div className="card p-5">
            <h3 className="flex items-center gap-2 text-lg font-bold">
              <ScanLine aria-hidden className="size-5 text-brand" /> The door, for hosts
            </h3>
            <p className="mt-2 text-fg-muted">
              Open an event&apos;s scan page before doors open and it downloads the ticket list. It then checks tickets
              with no signal, shows what is waiting to sync, and syncs when the signal comes back. A scanner link for a
              volunteer works the same way, with no account.
            </p>
          </div>
        </div>
        <p className="mt-6 text-fg-muted">
          Finding events, booking, paying and passing tickets on need a connection, as they do on the website.
        </p>
      </section>
    </div>
  );
}
