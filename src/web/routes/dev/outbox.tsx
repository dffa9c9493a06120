import { data } from "react-router";
import { OutboxListView } from "~/web/components/email-outbox";
import { loadOutboxList } from "~/web/lib/email-outbox.server";
import type { Route } from "./+types/outbox";

export const handle = { title: "Dev outbox" };
export const meta: Route.MetaFunction = () => [
  { title: "Dev outbox · Ticketyboo" },
  { name: "robots", content: "noindex" },
];

/**
 * Every email the app has stored, newest first: with no SMTP_URL this is where they end up, so
 * people and the e2e suite read verification and reset links here. Dev and test only; staff read
 * the same list at /staff/outbox in every environment.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.devRoutes) throw data(null, { status: 404 });
  return loadOutboxList(context, request);
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  return (
    <OutboxListView
      list={loaderData}
      basePath="/dev/outbox"
      heading="Dev outbox"
      intro={
        <>
          Every email the app has sent from this machine, newest first. Without{" "}
          <code className="text-sm">SMTP_URL</code> they stop here; open one to follow its links.
        </>
      }
    />
  );
}
