import { OutboxMessageView } from "~/web/components/email-outbox";
import { loadOutboxMessage, requireStaff } from "~/web/lib/email-outbox.server";
import type { Route } from "./+types/outbox.$id";

export const handle = { title: "Email" };
export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: `${loaderData?.subject ?? "Email"} · Staff · Ticketyboo` },
  { name: "robots", content: "noindex" },
];

/** One stored email for staff: its details, its links, the HTML as sent (sandboxed) and the plain text. */
export async function loader({ context, params }: Route.LoaderArgs) {
  requireStaff(context);
  return loadOutboxMessage(context, params.id);
}

export default function StaffOutboxMessage({ loaderData }: Route.ComponentProps) {
  return <OutboxMessageView message={loaderData} basePath="/staff/outbox" backLabel="Back to all emails" />;
}
