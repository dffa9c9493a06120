import { useEffect } from "react";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { field, readForm } from "~/lib/read-form";
import { getEmailPreferences, updateEmailPreferences } from "~/services/update-email-preferences";
import { hostSettingsMessages } from "~/texts/host-settings-messages";
import { CheckboxField } from "~/web/components/ui/field";
import { toast } from "~/web/components/ui/toast";
import { actionError } from "~/web/lib/action-error";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import type { Route } from "./+types/settings.notifications";

export const handle = { title: "Notifications" };
export const meta: Route.MetaFunction = () => [
  { title: "Notifications · Settings · Partner Studio · Ticketyboo" },
  { name: "description", content: "Which emails Partner Studio sends you about your events and sales." },
  { name: "robots", content: "noindex" },
];

/**
 * The hosting summaries (spec §3 notificationEmailPreferences.hosting) are the host account's own
 * emails: shown here where hosts look for them, saved to the same preferences as
 * /u/marketing-permissions (one service), and changed only by the owner, whose inbox they fill.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { hostId, role } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const { preferences } = await getEmailPreferences(context.database.db, hostId);
  return {
    eventSummaries: preferences.notifyEventSummaries,
    monthlySummaries: preferences.notifyMonthlySummaries,
    canChange: role === "owner",
  };
}

const NotificationsForm = z.object({ eventSummaries: field.checkbox(), monthlySummaries: field.checkbox() });

export async function action({ request, context }: Route.ActionArgs) {
  const { hostId } = await requireStudio(context, request, { roles: ["owner"] });
  const read = await readForm(request, NotificationsForm);
  if (!read.ok) return actionError(read.error);
  const now = new Date();
  const { changed } = await updateEmailPreferences(context.database.db, {
    userId: hostId,
    changes: { notifyEventSummaries: read.data.eventSummaries, notifyMonthlySummaries: read.data.monthlySummaries },
    now,
  });
  return { ok: true as const, changed: changed.length > 0, savedAt: now.getTime() };
}

export default function NotificationSettings({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  // Starts again from what is saved once the page's data is read afresh after a save.
  const savedAt = actionData && "savedAt" in actionData ? actionData.savedAt : 0;
  useEffect(() => {
    if (actionData && "ok" in actionData)
      toast.success(actionData.changed ? hostSettingsMessages.notificationsSaved : hostSettingsMessages.nothingChanged);
  }, [actionData]);
  return (
    <div className="py-6">
      <h1 className="text-3xl font-extrabold tracking-tight">Notifications</h1>
      <p className="mt-1 max-w-2xl text-fg-muted">
        Hosting summaries go to the host account&apos;s email address.
        {loaderData.canChange ? "" : ` ${hostSettingsMessages.ownersOnly}`} Marketing emails are in{" "}
        <Link to="/u/marketing-permissions" className="link">
          your marketing permissions
        </Link>
        .
      </p>
      <Form
        method="post"
        key={`${savedAt}-${loaderData.eventSummaries}-${loaderData.monthlySummaries}`}
        className="card mt-6 max-w-3xl space-y-4 p-5 tablet:p-6"
        aria-label="Hosting summaries"
      >
        <fieldset disabled={!loaderData.canChange} className="space-y-4">
          <legend className="text-lg font-bold">Hosting summaries</legend>
          <CheckboxField
            name="eventSummaries"
            label="A summary after each of my events"
            hint="Tickets sold, check-ins and takings, the morning after."
            defaultChecked={loaderData.eventSummaries}
          />
          <CheckboxField
            name="monthlySummaries"
            label="A monthly summary"
            hint="Every event of the month, on the first of the next."
            defaultChecked={loaderData.monthlySummaries}
          />
        </fieldset>
        {loaderData.canChange ? (
          <button type="submit" className="btn-primary" disabled={busy}>
            Save notifications
          </button>
        ) : null}
      </Form>
    </div>
  );
}
