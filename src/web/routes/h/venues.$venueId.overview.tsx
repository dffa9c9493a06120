import { ArrowLeft, CalendarDays, CheckCircle2, Users } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { hasAccessInfo } from "~/domain/venue-access";
import { VenueForm } from "~/domain/venue-form";
import { venueFormAsSent, venueFormValues } from "~/domain/venue-rules";
import { formatEventDateTime } from "~/lib/format";
import { readForm } from "~/lib/read-form";
import { deleteVenue } from "~/services/delete-venue";
import { getHostVenue } from "~/services/get-host-venue";
import { saveVenue } from "~/services/save-venue";
import { venueMessages } from "~/texts/venue-messages";
import { VenueFields, type VenueFieldErrors } from "~/web/components/studio/venue-fields";
import { FormMessage } from "~/web/components/ui/field";
import { Armchair } from "~/web/components/venues/access-icons";
import { AccessBlock } from "~/web/components/venues/access-info";
import { actionError, refusalOf } from "~/web/lib/action-error";
import { setFlash } from "~/web/lib/flash.server";
import { loaded } from "~/web/lib/loaded";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import { useAskFirst } from "~/web/lib/use-ask-first";
import { useUnsavedChanges } from "~/web/lib/use-unsaved-changes";
import type { Route } from "./+types/venues.$venueId.overview";
import { eventStatusWord } from "~/web/lib/event-status-word";
import { hasEnded } from "~/domain/event-flags";

const words = venueMessages;

export const handle = { title: "Venue" };
export const meta: Route.MetaFunction = ({ data: page }) => [
  { title: `${page?.venue.name ?? "Venue"} · Venues · Partner Studio · Ticketyboo` },
  { name: "description", content: "A venue's details, and the events you hold there." },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const now = new Date();
  // Another host's venue, or an id that is not one, is the page-not-found answer.
  const venue = await loaded(getHostVenue(context.database.db, { hostId, venueId: params.venueId, now }));
  return { venue, values: venueFormValues(venue), tileUrl: context.mapTileUrl, now };
}

const OverviewForm = z.discriminatedUnion("intent", [
  VenueForm.extend({ intent: z.literal("save") }),
  z.object({ intent: z.literal("delete") }),
]);

export async function action({ request, context, params }: Route.ActionArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const db = context.database.db;
  const read = await readForm(request, OverviewForm);
  if (!read.ok)
    return actionError(read.error, {
      extra: { intent: read.values.intent ?? "save", values: venueFormAsSent(read.values) },
    });
  const form = read.data;
  if (form.intent === "delete") {
    try {
      await deleteVenue(db, { hostId, venueId: params.venueId });
    } catch (error) {
      return actionError(error, { extra: { intent: "delete" as const, values: null } });
    }
    throw redirect("/h/venues", { headers: setFlash(new Headers(), { tone: "success", text: words.deleted }) });
  }
  const { intent, ...values } = form;
  try {
    await saveVenue(db, { hostId, target: { venueId: params.venueId }, form: values, now: new Date() });
  } catch (error) {
    return actionError(error, { extra: { intent, values } });
  }
  return { ok: words.updated };
}

export default function VenueOverview({ loaderData, actionData }: Route.ComponentProps) {
  const { venue, now } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const askFirst = useAskFirst();
  const formRef = useRef<HTMLFormElement>(null);
  const dirty = useUnsavedChanges(formRef);
  const refusal = actionData && "intent" in actionData ? actionData : null;
  const saveRefusal = refusal?.intent === "save" ? refusal : null;
  const { formError, fieldErrors } = refusalOf(saveRefusal) as {
    formError: string | null;
    fieldErrors: VenueFieldErrors;
  };
  const errorCount = Object.keys(fieldErrors).length;
  const values = saveRefusal?.values ?? loaderData.values;
  const seats = venue.seatCount;

  useEffect(() => {
    if (saveRefusal) formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [saveRefusal]);

  return (
    <div className="py-8 laptop:py-10">
      <Link to="/h/venues" className="link inline-flex min-h-6 items-center gap-1 text-sm">
        <ArrowLeft aria-hidden className="size-4" /> Venues
      </Link>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight break-words">{venue.name}</h1>
      <p className="mt-1 break-words text-fg-muted">
        {venue.addressLine1}, {venue.city} {venue.postcode}
      </p>
      {actionData && "ok" in actionData ? (
        <p
          role="status"
          className="mt-4 flex items-center gap-2 rounded-xl bg-success/10 px-4 py-3 text-sm font-medium text-success"
        >
          <CheckCircle2 aria-hidden className="size-4" /> {actionData.ok}
        </p>
      ) : null}

      <div className="mt-6 grid grid-cols-1 gap-4 tablet:grid-cols-3">
        <Fact icon={<Users aria-hidden className="size-5" />} label="Capacity">
          {venue.capacity === null ? "Not given yet" : `${venue.capacity.toLocaleString("en-GB")} people`}
        </Fact>
        <Fact icon={<Armchair aria-hidden className="size-5" />} label="Seating">
          {seats === null ? "Not seated" : `Seated, ${seats.toLocaleString("en-GB")} seats`}
          <Link to={`/h/venues/${venue.id}/seatplan`} className="link mt-1 flex min-h-6 items-center gap-1 text-sm">
            {seats === null ? "Add a seat plan" : "Edit the seat plan"}
          </Link>
        </Fact>
        <Fact icon={<CalendarDays aria-hidden className="size-5" />} label="Events">
          {venue.eventCount === 0 ? "None yet" : `${venue.eventCount} ${venue.eventCount === 1 ? "event" : "events"}`}
        </Fact>
      </div>

      {hasAccessInfo(venue.access) ? (
        <AccessBlock access={venue.access} id="venue-access-shown" />
      ) : (
        <section aria-labelledby="venue-access-shown" className="mt-8">
          <h2 id="venue-access-shown" className="text-xl font-bold">
            Access
          </h2>
          <p className="card mt-3 p-5 text-sm text-fg-muted">
            No access information yet. Add it below: it's shown on every event page at this venue.
          </p>
        </section>
      )}

      {venue.events.length > 0 ? (
        <section aria-labelledby="venue-events-heading" className="mt-8">
          <h2 id="venue-events-heading" className="text-xl font-bold">
            Events at this venue
          </h2>
          <ul className="card mt-3 divide-y divide-border">
            {venue.events.map((e) => (
              <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 px-5 py-3">
                <span className="min-w-0">
                  <Link to={`/events/${e.slug}`} className="font-semibold break-words hover:underline">
                    {e.name}
                  </Link>
                  <span className="block text-sm text-fg-muted">{formatEventDateTime(e.startsAt)}</span>
                </span>
                <span className="rounded-full bg-surface-2 px-2.5 py-0.5 text-xs font-semibold">
                  {eventStatusWord(e, hasEnded(e, now))}
                </span>
              </li>
            ))}
          </ul>
          {venue.eventCount > venue.events.length ? (
            <p className="mt-2 text-sm text-fg-muted">And {venue.eventCount - venue.events.length} more.</p>
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby="edit-venue-heading" className="mt-12">
        <h2 id="edit-venue-heading" className="text-xl font-bold">
          Edit venue
        </h2>
        <Form ref={formRef} method="post" noValidate className="mt-4 max-w-3xl space-y-6" aria-label="Venue">
          {formError || errorCount > 0 ? (
            <FormMessage>
              <strong className="font-bold">{words.updateFailed}.</strong> {formError ?? words.checkFields(errorCount)}
            </FormMessage>
          ) : null}
          <input type="hidden" name="intent" value="save" />
          {/* Drawn afresh from each save, so the form starts from what was saved. */}
          <VenueFields
            key={JSON.stringify(loaderData.values)}
            values={values}
            errors={fieldErrors}
            tileUrl={loaderData.tileUrl}
            headingLevel={3}
          />
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy && navigation.formData?.get("intent") === "save" ? "Saving…" : "Save changes"}
            </button>
            {dirty ? <span className="text-sm text-fg-muted">Unsaved changes</span> : null}
          </div>
        </Form>
      </section>

      <section aria-labelledby="delete-venue-heading" className="mt-12 max-w-3xl">
        <h2 id="delete-venue-heading" className="text-xl font-bold">
          Delete venue
        </h2>
        <div className="card mt-3 space-y-3 p-5">
          {refusal?.intent === "delete" ? (
            <FormMessage>
              <strong className="font-bold">{words.deleteFailed}.</strong> {refusal.error}
            </FormMessage>
          ) : null}
          {venue.eventCount > 0 ? (
            <p className="text-sm">{words.inUse(venue.eventCount)}</p>
          ) : (
            <Form
              method="post"
              className="flex flex-wrap items-center justify-between gap-3"
              onSubmit={askFirst({
                title: `Delete ${venue.name}?`,
                description: "The venue, its map pin, access information and seat plan go for good.",
                confirmLabel: "Delete venue",
              })}
            >
              <p className="text-sm text-fg-muted">No event uses this venue, so it can be deleted.</p>
              <input type="hidden" name="intent" value="delete" />
              <button type="submit" className="btn-danger" disabled={busy}>
                Delete venue
              </button>
            </Form>
          )}
        </div>
      </section>
    </div>
  );
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="card flex gap-3 p-4">
      <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-soft text-brand">{icon}</span>
      <div className="min-w-0">
        <p className="text-xs font-semibold text-fg-muted uppercase">{label}</p>
        <div className="mt-0.5 font-medium">{children}</div>
      </div>
    </div>
  );
}
