import { ArrowLeft } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { VenueForm } from "~/domain/venue-form";
import { EMPTY_VENUE_FORM, venueFormAsSent } from "~/domain/venue-rules";
import { field, readForm } from "~/lib/read-form";
import { isUuid } from "~/lib/uuid";
import { placeEventAtNewVenue } from "~/services/save-event";
import { saveVenue } from "~/services/save-venue";
import { venueMessages } from "~/texts/venue-messages";
import { VenueFields, type VenueFieldErrors } from "~/web/components/studio/venue-fields";
import { FormMessage } from "~/web/components/ui/field";
import { actionError, refusalOf } from "~/web/lib/action-error";
import { setFlash } from "~/web/lib/flash.server";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import { useUnsavedChanges } from "~/web/lib/use-unsaved-changes";
import type { Route } from "./+types/venues.add";

const words = venueMessages;

export const handle = { title: "Add a venue" };
export const meta: Route.MetaFunction = () => [
  { title: "Add a venue · Partner Studio · Ticketyboo" },
  { name: "description", content: "Add a venue where you hold events." },
  { name: "robots", content: "noindex" },
];

/** The event a venue is added for ('Add a venue' in its editor, `?for=`): only an id, never an address to go to. */
function forEvent(request: Request): string | null {
  const id = new URL(request.url).searchParams.get("for");
  return id && isUuid(id) ? id : null;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  // The form's idempotency key: the same form sent twice adds one venue.
  return { addKey: crypto.randomUUID(), tileUrl: context.mapTileUrl, forEvent: forEvent(request) };
}

const AddVenueForm = VenueForm.extend({ addKey: field.text(100) });

export async function action({ request, context }: Route.ActionArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const read = await readForm(request, AddVenueForm);
  if (!read.ok) return actionError(read.error, { extra: { values: venueFormAsSent(read.values) } });
  const { addKey, ...form } = read.data;
  let saved: { id: string };
  try {
    saved = await saveVenue(context.database.db, { hostId, target: { addKey }, form, now: new Date() });
  } catch (error) {
    return actionError(error, { extra: { values: form } });
  }
  // Added from an event's editor: back to that event, held at the new venue when it had no place yet.
  const eventId = forEvent(request);
  const placed = eventId
    ? await placeEventAtNewVenue(context.database.db, { hostId, eventId, venueId: saved.id, now: new Date() })
    : "not_found";
  throw redirect(placed === "not_found" ? `/h/venues/${saved.id}/overview` : `/h/events/${eventId}/edit`, {
    headers: setFlash(new Headers(), {
      tone: "success",
      text: placed === "placed" ? words.addedForEvent : words.added,
    }),
  });
}

export default function AddVenue({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  useUnsavedChanges(formRef);
  const { formError, fieldErrors } = refusalOf(actionData) as {
    formError: string | null;
    fieldErrors: VenueFieldErrors;
  };
  const values = actionData?.values ?? EMPTY_VENUE_FORM;
  const errorCount = Object.keys(fieldErrors).length;
  const back = loaderData.forEvent ? `/h/events/${loaderData.forEvent}/edit` : "/h/venues";

  useEffect(() => {
    if (actionData) formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [actionData]);

  return (
    <div className="py-8 laptop:py-10">
      <Link to={back} className="link inline-flex min-h-6 items-center gap-1 text-sm">
        <ArrowLeft aria-hidden className="size-4" /> {loaderData.forEvent ? "Back to the event" : "Venues"}
      </Link>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight">Add a venue</h1>
      <p className="mt-1 max-w-2xl text-fg-muted">
        Where your events happen. Buyers see its address, a map and its access information on every event there.
      </p>
      <Form ref={formRef} method="post" noValidate className="mt-8 max-w-3xl space-y-6" aria-label="Venue">
        {formError || errorCount > 0 ? (
          <FormMessage>
            <strong className="font-bold">{words.addFailed}.</strong> {formError ?? words.checkFields(errorCount)}
          </FormMessage>
        ) : null}
        <input type="hidden" name="addKey" value={loaderData.addKey} />
        <VenueFields values={values} errors={fieldErrors} tileUrl={loaderData.tileUrl} />
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Adding…" : "Add venue"}
          </button>
          <Link to={back} className="btn-secondary">
            Cancel
          </Link>
        </div>
      </Form>
    </div>
  );
}
