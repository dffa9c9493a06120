import { Form, Link, redirect } from "react-router";
import { ALERTS_SEEN_COOKIE } from "~/lib/alerts-seen";
import { CONSENT_COOKIE } from "~/lib/consent";
import { THEME_COOKIE } from "~/lib/theme";
import type { Route } from "./+types/cookie-policy";

export const handle = { title: "Cookie policy" };
export const meta: Route.MetaFunction = () => [
  { title: "Cookie policy · Ticketyboo" },
  { name: "description", content: "Every cookie Ticketyboo sets, what it is for, and how long it lasts." },
];

/** Withdraws the choice: the cookie card asks again on the next page. */
export async function action() {
  return redirect("/legal/cookie-policy#change-your-choice", {
    headers: [
      ["Set-Cookie", `${CONSENT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`],
      // The statistics cookie goes with the choice that allowed it (decision 0039).
      ["Set-Cookie", "tb_link=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax"],
    ],
  });
}

const COOKIES = [
  {
    name: "tb.session_token",
    category: "Necessary",
    purpose: "Keeps you signed in. Set only when you sign in.",
    lasts: "30 days, renewed as you use the site",
  },
  {
    name: CONSENT_COOKIE,
    category: "Necessary",
    purpose: "Remembers your cookie choices so we don't ask again.",
    lasts: "10 years",
  },
  {
    name: THEME_COOKIE,
    category: "Necessary",
    purpose: "Remembers the light or dark theme you picked. Not set while you follow your device's theme.",
    lasts: "10 years",
  },
  {
    name: ALERTS_SEEN_COOKIE,
    category: "Necessary",
    purpose: "Remembers which announcements you've dismissed with 'Got it', so each shows only once.",
    lasts: "10 years",
  },
  {
    name: "tb_app_ui",
    category: "Necessary",
    purpose: "Set only inside the Ticketyboo app, to hide the website footer.",
    lasts: "Until you close the app",
  },
  {
    name: "tb_flash",
    category: "Necessary",
    purpose: "Carries a one-off message (such as 'Event saved') to the next page you see, then is removed.",
    lasts: "1 minute at most",
  },
  {
    name: "tb_verify_later",
    category: "Necessary",
    purpose: "Set when you choose 'Not now' on the reminder to confirm your email, so it stops asking for a while.",
    lasts: "7 days",
  },
  {
    name: "tb_loc",
    category: "Necessary",
    purpose:
      "The place you chose to share ('Use my location' or a place you typed), so the home page can show " +
      "what's near you. Set only when you ask for it; it is sent to nobody but this site.",
    lasts: "30 days",
  },
  {
    name: "tb_studio_host",
    category: "Necessary",
    purpose: "In Partner Studio, which host you chose to act for, when you're on more than one team.",
    lasts: "1 year",
  },
  {
    name: "tb_door",
    category: "Necessary",
    purpose: "On a phone opened with a door scanner link, that link, so the scanner keeps working at the door.",
    lasts: "Until the link expires",
  },
];

/** What the site keeps in the browser's own storage rather than in cookies: never sent to us by itself. */
const BROWSER_STORAGE = [
  {
    name: "Your basket",
    purpose: "The tickets you picked on an event page, so they're still there if you leave and come back.",
    lasts: "Until you book or clear them",
  },
  {
    name: "Your tickets, offline",
    purpose: "Copies of your ticket pages, so they open at the door with no signal.",
    lasts: "Until you sign out",
  },
  {
    name: "Table settings in Partner Studio",
    purpose: "The columns and order you chose for the Studio's tables.",
    lasts: "Until you clear your browser's data",
  },
  {
    name: "The door's guest list",
    purpose:
      "On a device scanning tickets at the door: the event's tickets (holders' names among them) and the gate's " +
      "name, so check-in works with no signal.",
    lasts: "72 hours after the device last refreshed them, except the event it is scanning now",
  },
];

const MEASUREMENTS = [
  {
    category: "Performance",
    purpose:
      "How quickly pages load and respond on your device (Core Web Vitals: LCP, INP, CLS, FCP, TTFB). Sent to our " +
      "own servers with the page path only.",
  },
  {
    category: "Statistics",
    purpose:
      "Which pages are visited, counted on our own servers with the page path only. No profile of you is built. If " +
      "you arrived through an event host's promotion link, the cookie tb_link (30 days) remembers which link, so the " +
      "host can see that a booking came through it.",
  },
];

export default function CookiePolicy() {
  return (
    <article className="container-page max-w-3xl py-12">
      <h1 className="text-3xl font-extrabold tracking-tight">Cookie policy</h1>
      <p className="mt-3 text-fg-muted">
        We keep cookies to the few we need, and we never use advertising or cross-site tracking cookies. Under the UK's
        Privacy and Electronic Communications Regulations (PECR), we ask before measuring anything, and saying no is as
        easy as saying yes.
      </p>

      <h2 className="mt-10 text-xl font-bold">Necessary cookies</h2>
      <p className="mt-2 text-fg-muted">These make the site work and remember choices you made. They are always on.</p>
      <div className="mt-4 overflow-x-auto">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">Necessary cookies</caption>
          <thead className="border-b border-border text-fg-muted">
            <tr>
              <th className="py-2 pr-4 font-medium">Cookie</th>
              <th className="py-2 pr-4 font-medium">What it does</th>
              <th className="py-2 font-medium">How long</th>
            </tr>
          </thead>
          <tbody>
            {COOKIES.map((c) => (
              <tr key={c.name} className="border-b border-border align-top">
                <td className="py-3 pr-4 font-mono text-xs">{c.name}</td>
                <td className="py-3 pr-4">{c.purpose}</td>
                <td className="py-3">{c.lasts}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2 className="mt-10 text-xl font-bold">Kept in your browser</h2>
      <p className="mt-2 text-fg-muted">
        Some things stay in your browser's own storage rather than in a cookie. They're never sent to us by themselves,
        and they're needed for what you asked for, so they're always on.
      </p>
      <dl className="mt-4 space-y-4">
        {BROWSER_STORAGE.map((k) => (
          <div key={k.name} className="card p-4">
            <dt className="font-semibold">{k.name}</dt>
            <dd className="mt-1 text-sm text-fg-muted">
              {k.purpose} Kept: {k.lasts.toLowerCase()}.
            </dd>
          </div>
        ))}
      </dl>

      <h2 className="mt-10 text-xl font-bold">Optional measurements</h2>
      <p className="mt-2 text-fg-muted">
        These set no cookies of their own, except tb_link under Statistics. They run only if you allow them on the
        cookie card, and stop as soon as you withdraw.
      </p>
      <dl className="mt-4 space-y-4">
        {MEASUREMENTS.map((m) => (
          <div key={m.category} className="card p-4">
            <dt className="font-semibold">{m.category}</dt>
            <dd className="mt-1 text-sm text-fg-muted">{m.purpose}</dd>
          </div>
        ))}
      </dl>

      <h2 id="change-your-choice" className="mt-10 text-xl font-bold">
        Changing your mind
      </h2>
      <p className="mt-2 text-fg-muted">
        You can change your choice at any time. Withdrawing stops optional measurements at once, and the cookie card
        asks again. Questions?{" "}
        <Link to="/contact" className="link">
          Contact us
        </Link>
        .
      </p>
      <Form method="post" className="mt-4">
        <button type="submit" className="btn-secondary">
          Change my cookie choices
        </button>
      </Form>
    </article>
  );
}
