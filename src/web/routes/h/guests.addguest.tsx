import { UserPlus } from "lucide-react";
import { useRef } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { GuestForm } from "~/domain/guests";
import { formatEventDateTime } from "~/lib/format";
import { field, readForm } from "~/lib/read-form";
import { isUuid } from "~/lib/uuid";
import { guestMessages } from "~/texts/guest-messages";
import { addGuest, eventTicketTypes, guestListEvents } from "~/services/guest-list";
import { GuestFields, NEW_GUEST } from "~/web/components/studio/guest-fields";
import { FormMessage } from "~/web/components/ui/field";
import { actionError, refusalOf } from "~/web/lib/action-error";
import { setFlash } from "~/web/lib/flash.server";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import type { Route } from "./+types/guests.addguest";
import { useUnsavedChanges } from "~/web/lib/use-unsaved-changes";

export const handle = { title: "Add guest" };
export const meta: Route.MetaFunction = () => [
  { title: "Add guest · Partner Studio · Ticketyboo" },
  { name: "description", content: "Add a guest to one of your events' guest lists." },
  { name: "robots", content: "noindex" },
];

/** `?event=` names the event the guest is for (from its guest list); without it, the host picks one first. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const db = context.database.db;
  const events = await guestListEvents(db, { hostId });
  const asked = new URL(request.url).searchParams.get("event");
  const chosen = isUuid(asked) ? (events.find((e) => e.id === asked) ?? null) : null;
  const ticketTypes = chosen ? await eventTicketTypes(db, { hostId, eventId: chosen.id }) : [];
  return { events, chosen, ticketTypes };
}

const AddGuestForm = GuestForm.extend({ eventId: field.text(40) });

export async function action({ context, request }: Route.ActionArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const read = await readForm(request, AddGuestForm);
  if (!read.ok) return actionError(read.error, { extra: { values: read.values } });
  const { eventId, ...guest } = read.data;
  try {
    const added = await addGuest(context.database.db, { hostId, eventId, guest, now: new Date() });
    throw redirect(`/h/events/${eventId}/edit/guests`, {
      headers: setFlash(new Headers(), { tone: "success", text: guestMessages.added(added.name) }),
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    return actionError(error, { extra: { values: guest as Record<string, string> } });
  }
}

export default function AddGuest({ loaderData, actionData }: Route.ComponentProps) {
  const { events, chosen, ticketTypes } = loaderData;
  const { formError, fieldErrors } = refusalOf(actionData);
  const busy = useNavigation().state !== "idle";
  const formRef = useRef<HTMLFormElement>(null);
  useUnsavedChanges(formRef);
  const back = chosen ? `/h/events/${chosen.id}/edit/guests` : "/h/guests";
  return (
    <div className="py-8 pb-24 laptop:py-10">
      <Link to={back} className="text-sm font-medium text-fg-muted hover:text-fg">
        ← Back to the guest list
      </Link>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight">Add guest</h1>
      {chosen ? (
        <p className="mt-1 text-fg-muted">
          To <span className="font-semibold text-fg">{chosen.name}</span>, {formatEventDateTime(chosen.startsAt)}
        </p>
      ) : null}
      {!chosen ? (
        events.length === 0 ? (
          <div className="card mt-6 max-w-xl p-6 text-sm text-fg-muted">
            <p>Guests are added to an event, and you have none yet.</p>
            <Link to="/h/events/new" className="btn-secondary mt-4">
              Create an event
            </Link>
          </div>
        ) : (
          <Form method="get" className="card mt-6 flex max-w-xl flex-col gap-4 p-5">
            <div>
              <label htmlFor="add-guest-event" className="block text-sm font-medium">
                Which event are they coming to?
              </label>
              <select
                id="add-guest-event"
                name="event"
                required
                className="mt-1 h-11 w-full rounded-xl border border-border bg-surface px-3"
              >
                {events.map((e) => (
                  <option key={e.id} value={e.id}>
                    {e.name} · {formatEventDateTime(e.startsAt)}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <button type="submit" className="btn-primary">
                Continue
              </button>
            </div>
          </Form>
        )
      ) : (
        <Form
          ref={formRef}
          method="post"
          noValidate
          className="card mt-6 flex max-w-3xl flex-col gap-4 p-5"
          aria-label="Add guest"
        >
          <input type="hidden" name="eventId" value={chosen.id} />
          <FormMessage>{formError}</FormMessage>
          <GuestFields values={actionData?.values ?? NEW_GUEST} errors={fieldErrors} ticketTypes={ticketTypes} />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn-primary" disabled={busy}>
              <UserPlus aria-hidden className="size-4" /> Add to the list
            </button>
            <Link to={back} className="btn-ghost">
              Cancel
            </Link>
          </div>
        </Form>
      )}
    </div>
  );
}
