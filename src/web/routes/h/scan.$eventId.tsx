import { data, redirect } from "react-router";
import { isUuid } from "~/lib/uuid";
import { doorAccess, doorEvent, hashDoorToken } from "~/services/door-access";
import { doorCounts } from "~/services/scan-ticket";
import { scannerMessages } from "~/texts/scanner-messages";
import { ScanNotAllowed } from "~/web/components/door/scan-not-allowed";
import { DoorScreen } from "~/web/components/door/door-screen";
import { readDoorToken } from "~/web/lib/door-cookie";
import { whereTheyWere } from "~/web/lib/signed-in.server";
import type { Route } from "./+types/scan.$eventId";

/** The door is a screen of its own: no site header, footer or bottom bar around it. */
export const handle = { bare: true };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.allowed ? `Scan · ${loaderData.event.name} · Ticketyboo` : "Scan Not Allowed · Ticketyboo" },
  { name: "description", content: "Scan tickets at the door of an event." },
  { name: "robots", content: "noindex" },
  { name: "theme-color", content: "#111114" },
];

/**
 * The scan page for one event (spec §2 /h/scan, decision 0034): for the host, their owners and
 * managers, a scanner given the event, or a device holding a live scanner link. Judged on every
 * visit: a link revoked a moment ago gets 'Scan Not Allowed'. Signed out with no link: log in.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const db = context.database.db;
  const now = new Date();
  // An address that names no event at all is not found, as everywhere else.
  if (!isUuid(params.eventId)) throw data(null, { status: 404 });
  const token = readDoorToken(request);
  const actor = await doorAccess(db, {
    eventId: params.eventId,
    userId: context.user?.id ?? null,
    linkTokenHash: token ? hashDoorToken(token) : null,
    now,
  });
  if (!actor) {
    if (!context.user && !token) throw redirect(`/log-in?redirect=${encodeURIComponent(whereTheyWere(request))}`);
    return data(
      {
        allowed: false as const,
        message: token && !context.user ? scannerMessages.linkClosed : scannerMessages.notYours,
      },
      { status: 403, headers: { "Cache-Control": "private, no-store" } },
    );
  }
  const [event, counts] = await Promise.all([doorEvent(db, actor), doorCounts(db, actor.eventId)]);
  return { allowed: true as const, event, counts, viaLink: actor.userId === null };
}

export default function ScanEvent({ loaderData }: Route.ComponentProps) {
  if (!loaderData.allowed) return <ScanNotAllowed why={loaderData.message} />;
  return <DoorScreen event={loaderData.event} counts={loaderData.counts} viaLink={loaderData.viaLink} />;
}
