import { data } from "react-router";
import { OutboxMessageView } from "~/web/components/email-outbox";
import { loadOutboxMessage } from "~/web/lib/email-outbox.server";
import type { Route } from "./+types/outbox.$id";

export const handle = { title: "Email" };
export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: `${loaderData?.subject ?? "Email"} · Dev outbox · Ticketyboo` },
  { name: "robots", content: "noindex" },
];

/** One stored email: its details, its links as ordinary links, the HTML as sent and the plain text. */
export async function loader({ context, params }: Route.LoaderArgs) {
  if (!context.devRoutes) throw data(null, { status: 404 });
  return loadOutboxMessage(context, params.id);
}

export default function OutboxMessage({ loaderData }: Route.ComponentProps) {
  return <OutboxMessageView message={loaderData} basePath="/dev/outbox" backLabel="Back to the outbox" />;
}
