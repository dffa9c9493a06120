import { data, redirect } from "react-router";
import { doorLinkEvent } from "~/services/door-access";
import { scannerMessages } from "~/texts/scanner-messages";
import { ScanNotAllowed } from "~/web/components/door/scan-not-allowed";
import { doorCookie } from "~/web/lib/door-cookie";
import type { Route } from "./+types/scan.link.$token";

export const handle = { bare: true };
export const meta: Route.MetaFunction = () => [
  { title: "Scanner link · Ticketyboo" },
  { name: "description", content: "Scan tickets at the door with a link a host shared with you." },
  { name: "robots", content: "noindex" },
];

/**
 * A scanner link a host shared (decision 0034): no account needed. A live link leaves its token in a
 * cookie on this device and opens its event's scan page, so the token leaves the address bar; a
 * revoked or expired one says so.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const link = await doorLinkEvent(context.database.db, { token: params.linkToken, now: new Date() });
  if (!link)
    return data(
      { message: scannerMessages.linkClosed },
      { status: 404, headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } },
    );
  throw redirect(`/h/scan/${link.eventId}`, {
    headers: {
      "Set-Cookie": doorCookie(params.linkToken, link.expiresAt, request),
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
    },
  });
}

export default function ScannerLink({ loaderData }: Route.ComponentProps) {
  return <ScanNotAllowed why={loaderData.message} />;
}
