import { redirect } from "react-router";
import { readForm } from "~/lib/read-form";
import { createEvent, eventEditorData } from "~/services/save-event";
import { studioMessages } from "~/texts/studio-messages";
import { EventDetailsForm, eventFormValues } from "~/web/components/studio/event-details-form";
import { actionError, refusalOf } from "~/web/lib/action-error";
import { detailsInput, EventDetailsFormSchema } from "~/web/lib/event-form.server";
import { setFlash } from "~/web/lib/flash.server";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import type { Route } from "./+types/events.new";

export const handle = { title: "New event" };
export const meta: Route.MetaFunction = () => [
  { title: "New event · Partner Studio · Ticketyboo" },
  { name: "description", content: "Create a new event in Partner Studio." },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const data = await eventEditorData(context.database.db, { hostId });
  return { ...data, now: new Date(), helper: context.writingHelper !== null };
}

/** Saves the new event as a draft and goes on to its tickets: publishing needs them. */
export async function action({ context, request }: Route.ActionArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const read = await readForm(request, EventDetailsFormSchema);
  if (!read.ok) return actionError(read.error, { extra: { values: read.values } });
  try {
    const { id } = await createEvent(context.database.db, {
      hostId,
      form: detailsInput(read.data),
      description: read.data.description,
      now: new Date(),
    });
    return redirect(`/h/events/${id}/edit/tickets`, {
      headers: setFlash(new Headers(), { tone: "success", text: `${studioMessages.created}. Now add its tickets.` }),
    });
  } catch (error) {
    return actionError(error, { extra: { values: read.data as unknown as Record<string, string | string[]> } });
  }
}

export default function NewEvent({ loaderData, actionData }: Route.ComponentProps) {
  const { formError, fieldErrors } = refusalOf(actionData);
  const values = actionData?.values ?? eventFormValues(null, loaderData.hostFeeMode, loaderData.now);
  return (
    <div className="flex flex-col gap-6 py-6 pb-24 laptop:pb-10">
      <div>
        <h1 className="text-2xl font-bold">New event</h1>
        <p className="mt-1 text-fg-muted">
          Start with the basics; it stays a draft until you publish. Tickets come next.
        </p>
      </div>
      <EventDetailsForm
        key={actionData ? "sent" : "new"}
        values={values}
        errors={fieldErrors}
        formError={formError}
        venues={loaderData.venues}
        slugLocked={false}
        currencyLocked={false}
        laterDates={0}
        addVenueHref={null}
        helperAction={loaderData.helper ? "/h/events/write" : null}
        submitLabel="Save and add tickets"
      />
    </div>
  );
}
