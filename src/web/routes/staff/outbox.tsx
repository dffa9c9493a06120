import { Link } from "react-router";
import { OutboxListView } from "~/web/components/email-outbox";
import { loadOutboxList, requireStaff } from "~/web/lib/email-outbox.server";
import type { Route } from "./+types/outbox";

export const handle = { title: "All emails" };
export const meta: Route.MetaFunction = () => [
  { title: "All emails · Staff · Ticketyboo" },
  { name: "robots", content: "noindex" },
];

/**
 * Every email the app has stored (queued, sent, failed), for staff in every environment: without
 * SMTP_URL this is where verification and confirmation emails can be read. A 404 for everyone else.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context);
  return loadOutboxList(context, request);
}

export default function StaffOutbox({ loaderData }: Route.ComponentProps) {
  return (
    <OutboxListView
      list={loaderData}
      basePath="/staff/outbox"
      eyebrow="Staff"
      heading="All emails"
      intro={
        <>
          Every email Ticketyboo has stored, newest first: queued, sent and failed. Without an outgoing mail server they
          stop here; open one to read it and follow its links. Emails that did not go out can be retried from{" "}
          <Link to="/staff/emails" className="link">
            Emails not delivered
          </Link>
          .
        </>
      }
    />
  );
}
