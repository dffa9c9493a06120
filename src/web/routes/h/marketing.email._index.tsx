import { Mail, MailPlus, Users } from "lucide-react";
import { Form, Link } from "react-router";
import { listCampaigns } from "~/services/email-campaigns";
import { CampaignFigures, CampaignStatus, campaignWhen } from "~/web/components/studio/campaign-status";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import type { Route } from "./+types/marketing.email._index";

export const handle = { title: "Email marketing" };
export const meta: Route.MetaFunction = () => [
  { title: "Email marketing · Partner Studio · Ticketyboo" },
  { name: "description", content: "Email the people who booked your events and follow you." },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  return { campaigns: await listCampaigns(context.database.db, hostId) };
}

export default function EmailCampaigns({ loaderData }: Route.ComponentProps) {
  const { campaigns } = loaderData;
  return (
    <div className="py-6 pb-24 laptop:py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">Email marketing</h1>
          <p className="mt-1 text-fg-muted">
            Tell past buyers and your mailing lists about your next events. Only people who agreed to hear from you get
            them.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/h/marketing/email/recipients" className="btn-secondary">
            <Users aria-hidden className="size-4" /> Audiences
          </Link>
          <Form method="post" action="/h/promote/email-campaign">
            <input type="hidden" name="intent" value="create" />
            <button type="submit" className="btn-primary">
              <MailPlus aria-hidden className="size-4" /> New campaign
            </button>
          </Form>
        </div>
      </div>

      {campaigns.length === 0 ? (
        <div className="card mt-6 grid grid-cols-1 justify-items-center gap-3 p-8 text-center">
          <Mail aria-hidden className="size-10 text-brand" />
          <h2 className="text-xl font-bold">No campaigns yet</h2>
          <p className="max-w-md text-fg-muted">
            Write an email with your next event's card, send yourself a test, then send it now or schedule it. We send
            it in batches and count opens and clicks.
          </p>
          <Form method="post" action="/h/promote/email-campaign">
            <input type="hidden" name="intent" value="create" />
            <button type="submit" className="btn-primary">
              <MailPlus aria-hidden className="size-4" /> Write your first campaign
            </button>
          </Form>
        </div>
      ) : (
        <ul className="mt-6 grid grid-cols-1 gap-3" aria-label="Campaigns">
          {campaigns.map((c) => (
            <li key={c.id} className="card grid grid-cols-1 gap-3 p-4 tablet:grid-cols-[1fr_18rem] tablet:items-center">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <Link
                    to={`/h/promote/email-campaign/${c.id}`}
                    className="font-bold [overflow-wrap:anywhere] hover:underline"
                  >
                    {c.subject || "Untitled campaign"}
                  </Link>
                  <CampaignStatus status={c.status} />
                </p>
                <p className="mt-1 text-sm text-fg-muted">
                  {campaignWhen(c)}
                  {c.recipients > 0 ? ` · ${c.recipients} ${c.recipients === 1 ? "person" : "people"}` : ""}
                  {c.skipped > 0 ? ` · ${c.skipped} left out (unsubscribed since)` : ""}
                </p>
              </div>
              {c.status === "sent" || c.status === "sending" ? (
                <CampaignFigures sent={c.sent} opened={c.opened} clicked={c.clicked} bounced={c.bounced} />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
