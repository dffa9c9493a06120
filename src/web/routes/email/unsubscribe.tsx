import { BellOff, BellRing } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { field, readForm } from "~/lib/read-form";
import { resubscribeToHost, unsubscribeFromHost, unsubscribeTarget } from "~/services/campaign-tracking";
import { updateEmailPreferences } from "~/services/update-email-preferences";
import type { Route } from "./+types/unsubscribe";

export const handle = { title: "Email preferences" };
export const meta: Route.MetaFunction = () => [
  { title: "Unsubscribe · Ticketyboo" },
  { name: "description", content: "Stop an email list from Ticketyboo or a host reaching your inbox." },
  { name: "robots", content: "noindex" },
];

/**
 * The unsubscribe link in a day-before reminder: the signed token says who, so it works without
 * logging in. A visit asks first (link checkers follow links); the button does it, and can undo.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  // A host's campaign (decision 0040): the link names the host and the address.
  const fromHost = context.unsubscribe.campaign.verifyHost(token);
  if (token && fromHost) {
    const target = await unsubscribeTarget(context.database.db, fromHost);
    if (!target) throw data(null, { status: 404 });
    return { token, host: target };
  }
  if (!token || !context.unsubscribe.verify(token)) throw data(null, { status: 404 });
  return { token, host: null };
}

const UnsubscribeForm = z.object({ token: field.text(), intent: field.text() });

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, UnsubscribeForm);
  const fromHost = form.ok ? context.unsubscribe.campaign.verifyHost(form.data.token) : null;
  if (form.ok && fromHost) {
    const on = form.data.intent === "resubscribe";
    if (on) await resubscribeToHost(context.database.db, fromHost);
    else await unsubscribeFromHost(context.database.db, { ...fromHost, source: "page" });
    return { on };
  }
  // Only a signed link's page posts here: anything else finds nothing.
  const userId = form.ok ? context.unsubscribe.verify(form.data.token) : null;
  if (!form.ok || !userId) throw data(null, { status: 404 });
  const on = form.data.intent === "resubscribe";
  await updateEmailPreferences(context.database.db, { userId, changes: { notifyEventReminders: on }, now: new Date() });
  return { on };
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  if (loaderData.host)
    return <HostUnsubscribe token={loaderData.token} host={loaderData.host} on={actionData?.on} busy={busy} />;
  const done = actionData !== undefined;
  return (
    <div className="container-page grid max-w-lg py-12">
      <div className="card p-6 text-center">
        {done && !actionData.on ? (
          <BellOff aria-hidden className="mx-auto size-8 text-brand" />
        ) : (
          <BellRing aria-hidden className="mx-auto size-8 text-brand" />
        )}
        <h1 className="mt-3 text-2xl font-extrabold">
          {done ? (actionData.on ? "Reminders are back on" : "You're unsubscribed") : "Stop day-before reminders?"}
        </h1>
        <p className="mt-2 text-fg-muted">
          {done
            ? actionData.on
              ? "We'll email you the day before events you have tickets for."
              : "We won't send reminders before your events. Your tickets, receipts and account emails still arrive."
            : "We email you the day before an event you have tickets for, with when, where and your tickets."}
        </p>
        <Form method="post" className="mt-6">
          <input type="hidden" name="token" value={loaderData.token} />
          {done && !actionData.on ? (
            <button type="submit" name="intent" value="resubscribe" className="btn-secondary" disabled={busy}>
              Turn reminders back on
            </button>
          ) : done ? null : (
            <button type="submit" name="intent" value="unsubscribe" className="btn-primary" disabled={busy}>
              Unsubscribe from reminders
            </button>
          )}
        </Form>
        <p className="mt-6 text-sm">
          <Link to="/u/marketing-permissions" className="link">
            All email preferences
          </Link>
        </p>
      </div>
    </div>
  );
}

/** A host's campaign: this address leaves every audience of that host (or comes back, if it was a slip). */
function HostUnsubscribe({
  token,
  host,
  on,
  busy,
}: {
  token: string;
  host: { hostName: string; email: string; unsubscribed: boolean };
  on: boolean | undefined;
  busy: boolean;
}) {
  const out = on === undefined ? host.unsubscribed : !on;
  return (
    <div className="container-page grid max-w-lg py-12">
      <div className="card p-6 text-center">
        {out ? (
          <BellOff aria-hidden className="mx-auto size-8 text-brand" />
        ) : (
          <BellRing aria-hidden className="mx-auto size-8 text-brand" />
        )}
        <h1 className="mt-3 text-2xl font-extrabold [overflow-wrap:anywhere]">
          {out ? "You're unsubscribed" : `Stop emails from ${host.hostName}?`}
        </h1>
        <p className="mt-2 text-fg-muted [overflow-wrap:anywhere]">
          {out
            ? `${host.hostName} won't email ${host.email} through Ticketyboo again. ` +
              "Your tickets and receipts still arrive."
            : `${host.hostName} emails ${host.email} about their events because you agreed to hear from them.`}
        </p>
        <Form method="post" className="mt-6">
          <input type="hidden" name="token" value={token} />
          {out ? (
            <button type="submit" name="intent" value="resubscribe" className="btn-secondary" disabled={busy}>
              I unsubscribed by mistake
            </button>
          ) : (
            <button type="submit" name="intent" value="unsubscribe" className="btn-primary" disabled={busy}>
              Unsubscribe from {host.hostName}
            </button>
          )}
        </Form>
        <p className="mt-6 text-sm">
          <Link to="/u/marketing-permissions" className="link">
            All email preferences
          </Link>
        </p>
      </div>
    </div>
  );
}
