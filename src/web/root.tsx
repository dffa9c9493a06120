import { Suspense, useEffect, useState } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { alertStamp, readSeenAlerts } from "~/lib/alerts-seen";
import { readConsent, type CookieConsent } from "~/lib/consent";
import { useOfflineOwner } from "./lib/offline-tickets";
import { readTheme } from "~/lib/theme";
import { readSiteNotices } from "~/services/site-notices";
import { clearFlashCookie, readFlash } from "~/web/lib/flash.server";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";
import { ErrorCard } from "./components/error-card";
import { BottomNav } from "./components/shell/bottom-nav";
import { ConsentedMeasurements } from "./components/shell/consented-measurements";
import { CookieCard } from "./components/shell/cookie-card";
import { DebugTools } from "./components/shell/debug-tools";
import { ProgressBar } from "./components/shell/progress-bar";
import { ScrollManager } from "./components/shell/scroll-manager";
import { SiteAlerts } from "./components/shell/site-alerts";
import { SiteFooter } from "./components/shell/site-footer";
import { SiteHeader } from "./components/shell/site-header";
import { FlashToast } from "./components/shell/flash-toast";
import { ConfirmDialogHost } from "./components/ui/confirm-dialog";
import { LoadingOverlayHost } from "./components/ui/loading-overlay";
import { ToasterHost } from "./components/ui/toast";
import { useNonce } from "./lib/nonce";
import { ThemeProvider } from "./lib/theme";
import { optionalPart } from "./lib/optional-part";

// Only signed-in people who have not verified their email see this banner: its code comes with it.
const VerifyEmailBanner = optionalPart(() =>
  import("./components/shell/verify-email-banner").then((m) => m.VerifyEmailBanner),
);

export async function loader({ request, context }: Route.LoaderArgs) {
  const cookie = request.headers.get("Cookie") ?? "";
  const url = new URL(request.url);
  const db = context.database.db;
  const { alerts, flags } = await readSiteNotices(db);
  const seen = new Set(readSeenAlerts(cookie));
  const appUi = url.searchParams.get("app-ui") === "1" || /(?:^|;\s*)tb_app_ui=1/.test(cookie);
  const headers = new Headers();
  if (url.searchParams.get("app-ui") === "1") headers.append("Set-Cookie", "tb_app_ui=1; Path=/; SameSite=Lax");
  const flash = readFlash(cookie);
  if (flash) headers.append("Set-Cookie", clearFlashCookie);
  const user = context.user;
  return data(
    {
      user,
      flash,
      // Spec §2: unverified people see the banner until they choose "Not Now".
      verifyBanner: Boolean(user && !user.emailVerified && !/(?:^|;\s*)tb_verify_later=1/.test(cookie)),
      theme: readTheme(cookie),
      consent: readConsent(cookie),
      alerts: alerts
        .map((a) => ({
          id: a.id,
          heading: a.heading,
          description: a.description,
          isFullPage: a.isFullPage,
          stamp: alertStamp(a.savedAt),
        }))
        .filter((a) => !seen.has(a.stamp)),
      flags,
      // Where Chat Support leads when a live chat is configured (else our support form).
      chatSupportUrl: context.chatSupportUrl,
      requestId: context.requestId,
      buildVersion: context.buildVersion,
      appUi,
      zen: url.searchParams.has("zen"),
      publicUrl: context.publicUrl,
      conversions: context.conversionsOn,
    },
    { headers },
  );
}

export const links: Route.LinksFunction = () => [
  // With a precedence React puts the stylesheet before the scripts' preloads in <head>: a phone
  // fetches what the first paint needs before what hydration needs.
  { rel: "stylesheet", href: appCss, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export const meta: Route.MetaFunction = () => [
  { title: "Ticketyboo · Tickets for the UK grassroots scene" },
  {
    name: "description",
    content:
      "Find something to do tonight: gigs, comedy, quiz nights, workshops and fundraisers near you, at honest all-in " +
      "prices.",
  },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const root = useRouteLoaderData<typeof loader>("root");
  // A page made to sit in other sites' frames (the booking widget, decision 0046) may find the
  // browser's storage refused there (third-party storage blocked): scroll restoration's inline script
  // would throw reading it, and a frame this short has no scroll to restore.
  const framed = useMatches().some((m) => (m.handle as { framed?: boolean } | undefined)?.framed === true);
  return (
    <html lang="en-GB" data-theme={root?.theme ?? undefined} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#c8175f" />
        <Meta />
        <Links />
      </head>
      <body className="bg-bg text-fg antialiased">
        {children}
        {framed ? null : <ScrollRestoration nonce={nonce} />}
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { user, theme, alerts, flags, requestId, buildVersion, appUi, zen, flash, verifyBanner } = loaderData;
  // The cookie card updates consent at once; the loader catches up on its next run.
  const [consent, setConsent] = useState<CookieConsent | null>(loaderData.consent);
  // A loader that read the request before the choice was saved says null; the browser's own cookie
  // is newer then. (Withdrawing deletes the cookie, so the card still comes back.)
  useEffect(() => setConsent(loaderData.consent ?? readConsent(document.cookie)), [loaderData.consent]);
  useOfflineOwner(user?.id ?? null);
  // Partner Studio's pages have a navigation of their own in place of the buyer's bottom bar and the footer.
  const matches = useMatches();
  const inStudio = matches.some((m) => (m.handle as { studio?: boolean } | undefined)?.studio === true);
  // A screen of its own (the door's scan page): no header, footer, bottom bar or cookie card around it.
  const bare = zen || matches.some((m) => (m.handle as { bare?: boolean } | undefined)?.bare === true);

  return (
    <ThemeProvider initial={theme}>
      <ProgressBar />
      <ScrollManager />
      {bare ? (
        zen ? (
          <main id="main">
            <Outlet />
          </main>
        ) : (
          <Outlet />
        )
      ) : (
        <>
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[101]
              focus:rounded-full focus:bg-surface focus:px-4 focus:py-2"
          >
            Skip to content
          </a>
          <SiteHeader user={user} />
          <div className="pt-16">
            {verifyBanner && user ? (
              <Suspense fallback={null}>
                <VerifyEmailBanner email={user.email} />
              </Suspense>
            ) : null}
            <SiteAlerts alerts={alerts} />
            <main id="main" className={user ? "pb-20 laptop:pb-0" : ""}>
              <Outlet />
            </main>
          </div>
          {appUi || inStudio ? null : <SiteFooter hideOnSmallScreens={Boolean(user)} />}
          {user && !inStudio ? <BottomNav user={user} /> : null}
          {consent ? null : <CookieCard onSaved={setConsent} />}
        </>
      )}
      <ToasterHost />
      <FlashToast flash={flash} />
      <ConfirmDialogHost />
      <LoadingOverlayHost />
      <ConsentedMeasurements consent={consent} />
      <DebugTools info={{ buildVersion, requestId, user, flags }} />
    </ThemeProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRouteLoaderData<typeof loader>("root");
  const status = isRouteErrorResponse(error) ? error.status : null;
  const seed = isRouteErrorResponse(error)
    ? `${error.status}${error.statusText}`
    : error instanceof Error
      ? error.message
      : "unknown";
  return <ErrorCard code={status} seed={seed} reference={root?.requestId} />;
}
