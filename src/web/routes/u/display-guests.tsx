import { Users } from "lucide-react";
import { useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { field, readForm } from "~/lib/read-form";
import { getGuestDisplay, updateGuestDisplay } from "~/services/update-guest-display";
import { SettingsLayout } from "~/web/components/settings-layout";
import { CheckboxField, FormMessage } from "~/web/components/ui/field";
import { actionError } from "~/web/lib/action-error";
import { requireUser } from "~/web/lib/signed-in.server";
import { SaveStatus } from "~/web/components/save-status";
import { useUnsavedChanges } from "~/web/lib/use-unsaved-changes";
import { messages } from "~/texts/messages";
import type { Route } from "./+types/display-guests";

export const handle = { title: "Display guests" };
export const meta: Route.MetaFunction = () => [
  { title: "Display guests · Ticketyboo" },
  { name: "description", content: "Choose whether your events' pages show who is going." },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  return getGuestDisplay(context.database.db, user.id);
}

const GuestDisplayForm = z.object({ showGuests: field.checkbox() });

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  // The form is only shown to hosts; a buyer posting anyway just sees their page again.
  if (user.userType !== "host") return { ok: false as const };
  const form = await readForm(request, GuestDisplayForm);
  if (!form.ok) return actionError(form.error, { extra: { ok: false as const } });
  const { changed } = await updateGuestDisplay(context.database.db, {
    userId: user.id,
    show: form.data.showGuests,
    now: new Date(),
  });
  return { ok: true as const, changed };
}

export default function DisplayGuests({ loaderData, actionData }: Route.ComponentProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const dirty = useUnsavedChanges(formRef);
  const busy = useNavigation().state === "submitting";

  if (!loaderData.isHost) {
    return (
      <SettingsLayout title="Display guests">
        <div className="card max-w-2xl p-5 tablet:p-6">
          <FormMessage tone="info">{messages.preferences.hostOnly}</FormMessage>
          <div className="mt-4 flex gap-3">
            <Users aria-hidden className="size-6 shrink-0 text-fg-muted" />
            <p className="text-sm text-fg-muted">
              Hosts can choose to show who's going on their event pages. If you run events yourself, you can host them
              on Ticketyboo too.
            </p>
          </div>
          <Link to="/hosts" className="btn-secondary mt-5">
            Find out about hosting
          </Link>
        </div>
      </SettingsLayout>
    );
  }

  return (
    <SettingsLayout title="Display guests" description="Choose whether your event pages show who's going.">
      <Form ref={formRef} method="post" className="card max-w-2xl space-y-5 p-5 tablet:p-6">
        <CheckboxField
          name="showGuests"
          label={<span className="font-medium">Show guests on my event pages</span>}
          hint={
            "Your event pages show how many are going, and the first names and photos of guests who choose to " +
            "appear. Seeing who else is going helps people decide to come. Turn it off for sensitive events."
          }
          defaultChecked={loaderData.showGuestsOnEventDetail}
        />
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Saving…" : "Save"}
          </button>
          {dirty ? <span className="text-sm text-fg-muted">Unsaved changes</span> : null}
          <SaveStatus
            result={actionData?.ok && !dirty && !busy ? (actionData.changed ? "saved" : "unchanged") : null}
          />
        </div>
      </Form>
    </SettingsLayout>
  );
}
