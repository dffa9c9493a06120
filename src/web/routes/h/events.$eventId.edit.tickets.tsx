import { Accessibility, ArrowDown, ArrowUp, Pencil, Plus, Tag, Ticket, Trash2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { DiscountForm, discountDraftFrom, typedDiscount } from "~/domain/discount-rules";
import { placesBeyondVenue } from "~/domain/event-flags";
import { TICKET_TYPES_MAX } from "~/domain/event-life-cycle";
import { TicketTypeForm, ticketTypeDraftFrom, typedTicketType } from "~/domain/ticket-type-form";
import { field, readForm } from "~/lib/read-form";
import { studioMessages } from "~/texts/studio-messages";
import { studioTicketMessages } from "~/texts/studio-ticket-messages";
import { addTicketType, moveTicketType, removeTicketType, updateTicketType } from "~/services/edit-ticket-types";
import { createDiscount, eventDiscounts } from "~/services/host-discounts";
import { setCompanionTickets } from "~/services/companion-tickets";
import { companionMessages } from "~/texts/companion-messages";
import { studioTicketTypes } from "~/services/studio-ticket-types";
import { DiscountFields, NEW_DISCOUNT } from "~/web/components/studio/discount-fields";
import { DiscountSummary } from "~/web/components/studio/discount-summary";
import { TicketTypeSummary } from "~/web/components/studio/ticket-type-summary";
import { NEW_TICKET_TYPE, TicketTypeFields, ticketTypeValues } from "~/web/components/studio/ticket-type-fields";
import { CheckboxField, FormMessage } from "~/web/components/ui/field";
import { toast } from "~/web/components/ui/toast";
import { actionError } from "~/web/lib/action-error";
import { refusalFor } from "~/web/lib/refusal-for";
import { loaded } from "~/web/lib/loaded";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import { useAskFirst } from "~/web/lib/use-ask-first";
import { useHydrated } from "~/web/lib/use-hydrated";
import type { Route } from "./+types/events.$eventId.edit.tickets";
import { useUnsavedChanges } from "~/web/lib/use-unsaved-changes";

export const handle = { title: "Edit event" };
export const meta: Route.MetaFunction = () => [
  { title: "Tickets · Edit event · Partner Studio · Ticketyboo" },
  { name: "description", content: "This event's ticket types: prices, capacity and when each is on sale." },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const db = context.database.db;
  const [tickets, discounts] = await Promise.all([
    loaded(studioTicketTypes(db, { hostId, eventId: params.eventId })),
    loaded(eventDiscounts(db, { hostId, eventId: params.eventId })),
  ]);
  return { ...tickets, discounts, now: new Date() };
}

const Target = { target: field.text(40) };

/** The view's forms, one per intent; `target` is the ticket type each acts on, so a refusal shows beside it. */
const TicketsForm = z.discriminatedUnion("intent", [
  TicketTypeForm.extend({ intent: z.literal("add"), ...Target }),
  TicketTypeForm.extend({ intent: z.literal("update"), ...Target }),
  z.object({ intent: z.literal("remove"), ...Target }),
  z.object({ intent: z.literal("move"), ...Target, by: z.enum(["up", "down"]) }),
  DiscountForm.extend({ intent: z.literal("discount"), ...Target }),
  z.object({ intent: z.literal("companions"), ...Target, companionTickets: field.checkbox() }),
]);

export async function action({ context, request, params }: Route.ActionArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const db = context.database.db;
  const eventId = params.eventId;
  const read = await readForm(request, TicketsForm);
  if (!read.ok)
    return actionError(read.error, {
      extra: { intent: read.values.intent ?? "", target: read.values.target ?? "", values: read.values },
    });
  const form = read.data;
  const done = (ok: string) => ({ ok, intent: form.intent, target: form.target, at: Date.now() });
  const now = new Date();
  if (form.intent === "add" || form.intent === "update") {
    const values = typedTicketType(form);
    const extra = { extra: { intent: form.intent, target: form.target, values } };
    const judged = ticketTypeDraftFrom(form);
    if (!judged.ok) return actionError(judged.error, extra);
    try {
      const { draft, seatSectionId } = judged;
      if (form.intent === "add") {
        await addTicketType(db, { hostId, eventId, draft, seatSectionId, now });
        return done(studioTicketMessages.tickets.added);
      }
      await updateTicketType(db, { hostId, eventId, ticketTypeId: form.target, draft, seatSectionId, now });
      return done(studioTicketMessages.tickets.saved);
    } catch (error) {
      return actionError(error, extra);
    }
  }
  if (form.intent === "discount") {
    const extra = {
      extra: { intent: form.intent, target: form.target, values: typedDiscount(form), eventIds: form.eventIds },
    };
    const judged = discountDraftFrom(form);
    if (!judged.ok) return actionError(judged.error, extra);
    try {
      await createDiscount(db, { hostId, draft: judged.draft });
      return done(studioTicketMessages.discounts.created);
    } catch (error) {
      return actionError(error, extra);
    }
  }
  const extra = { extra: { intent: form.intent, target: form.target } };
  if (form.intent === "companions") {
    try {
      await setCompanionTickets(db, { hostId, eventId, on: form.companionTickets });
      return done(form.companionTickets ? companionMessages.host.on : companionMessages.host.off);
    } catch (error) {
      return actionError(error, extra);
    }
  }
  try {
    if (form.intent === "remove") {
      await removeTicketType(db, { hostId, eventId, ticketTypeId: form.target });
      return done(studioTicketMessages.tickets.removed);
    }
    await moveTicketType(db, { hostId, eventId, ticketTypeId: form.target, by: form.by === "up" ? -1 : 1 });
    return done(studioTicketMessages.tickets.moved);
  } catch (error) {
    return actionError(error, extra);
  }
}

export default function EventTickets({ loaderData, actionData }: Route.ComponentProps) {
  const { event, ticketTypes, sections, discounts, now } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const hydrated = useHydrated();
  const askFirst = useAskFirst();
  const ok = actionData && "ok" in actionData ? actionData : null;
  const full = ticketTypes.length >= TICKET_TYPES_MAX;
  const addRefused = refusalFor(actionData, "add", "new");
  const discountRefused = refusalFor(actionData, "discount", event.id);
  const companionsRefused = refusalFor(actionData, "companions", event.id);
  const beyondVenue = placesBeyondVenue({
    places: event.places,
    venueCapacity: event.venue?.capacity ?? null,
    seated: event.seated,
  });

  useEffect(() => {
    if (ok) toast.success(ok.ok);
    // After a refusal, the first field it names takes the focus.
    else if (actionData && "error" in actionData)
      document.querySelector<HTMLElement>("main [aria-invalid=true]")?.focus();
  }, [actionData, ok]);

  // Every form of the page (each row's, and the one that adds): leaving asks when any has changes.
  const formsRef = useRef<HTMLDivElement>(null);
  useUnsavedChanges(formsRef);
  return (
    <div ref={formsRef} className="flex flex-col gap-10">
      {ok && !hydrated ? <FormMessage tone="success">{ok.ok}</FormMessage> : null}

      <section aria-labelledby="ticket-types-heading" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="ticket-types-heading" className="flex items-center gap-2 text-xl font-bold">
            <Ticket aria-hidden className="size-5 text-brand" /> Ticket types
          </h2>
          <p className="text-sm text-fg-muted">
            {ticketTypes.length} of {TICKET_TYPES_MAX}
          </p>
        </div>
        <p className="max-w-2xl text-sm text-fg-muted">
          Prices show what buyers pay, booking fee included, beside your face value.
          {event.feeMode === "absorb" ? " You cover the booking fee on this event." : ""}
        </p>
        {beyondVenue > 0 && event.venue?.capacity ? (
          <FormMessage tone="info" className="max-w-2xl">
            Your ticket types add up to {event.places.toLocaleString("en-GB")} places, more than {event.venue.name}{" "}
            holds ({event.venue.capacity.toLocaleString("en-GB")}). If every ticket is a person in the room, lower the
            places so they add up to {event.venue.capacity.toLocaleString("en-GB")} or fewer.
          </FormMessage>
        ) : null}

        {ticketTypes.length === 0 ? (
          <p className="card p-6 text-center text-sm text-fg-muted">
            No ticket types yet. Add one below: an event needs at least one before it can go on sale.
          </p>
        ) : (
          <ol className="flex flex-col gap-4">
            {ticketTypes.map((t, i) => {
              const editRefused = refusalFor(actionData, "update", t.id);
              const rowRefusal = refusalFor(actionData, "remove", t.id) ?? refusalFor(actionData, "move", t.id) ?? null;
              const saved = ok && ok.target === t.id ? ok.at : 0;
              return (
                <li key={t.id} className="card p-5">
                  <TicketTypeSummary ticket={t} currency={event.currency} feeMode={event.feeMode} now={now} />
                  <FormMessage id={`ticket-error-${t.id}`} className="mt-3">
                    {rowRefusal?.error}
                  </FormMessage>
                  <div className="mt-4 flex flex-wrap items-center gap-2">
                    <Form method="post" className="contents">
                      <input type="hidden" name="intent" value="move" />
                      <input type="hidden" name="target" value={t.id} />
                      <button
                        type="submit"
                        name="by"
                        value="up"
                        className="btn-secondary min-h-10 px-3"
                        disabled={busy || i === 0}
                        aria-label={`Move ${t.name} up`}
                      >
                        <ArrowUp aria-hidden className="size-4" />
                      </button>
                      <button
                        type="submit"
                        name="by"
                        value="down"
                        className="btn-secondary min-h-10 px-3"
                        disabled={busy || i === ticketTypes.length - 1}
                        aria-label={`Move ${t.name} down`}
                      >
                        <ArrowDown aria-hidden className="size-4" />
                      </button>
                    </Form>
                    {ticketTypes.length > 1 ? (
                      <Form
                        method="post"
                        onSubmit={askFirst({
                          title: `Remove ${t.name}?`,
                          description: "Buyers will no longer see it. Ticket types that have sold can't be removed.",
                          confirmLabel: "Remove",
                        })}
                      >
                        <input type="hidden" name="intent" value="remove" />
                        <input type="hidden" name="target" value={t.id} />
                        <button type="submit" className="btn-ghost min-h-10 text-danger" disabled={busy}>
                          <Trash2 aria-hidden className="size-4" /> Remove<span className="sr-only"> {t.name}</span>
                        </button>
                      </Form>
                    ) : (
                      <p className="text-xs text-fg-muted">{studioMessages.ticketTypesMinimum}</p>
                    )}
                  </div>
                  <details key={saved} open={Boolean(editRefused)} className="mt-4 border-t border-border pt-4">
                    <summary className="inline-flex min-h-10 cursor-pointer items-center gap-2 text-sm font-semibold">
                      <Pencil aria-hidden className="size-4" /> Edit<span className="sr-only"> {t.name}</span>
                    </summary>
                    <Form method="post" noValidate className="mt-4 flex flex-col gap-4" aria-label={`Edit ${t.name}`}>
                      <input type="hidden" name="intent" value="update" />
                      <input type="hidden" name="target" value={t.id} />
                      <FormMessage>{editRefused?.formError}</FormMessage>
                      <TicketTypeFields
                        values={editRefused?.values ?? ticketTypeValues(t)}
                        errors={editRefused?.fieldErrors ?? {}}
                        currency={event.currency}
                        sections={sections}
                        locked={{ sold: t.sold, held: t.held }}
                      />
                      <div>
                        <button type="submit" className="btn-primary" disabled={busy}>
                          Save {t.name}
                        </button>
                      </div>
                    </Form>
                  </details>
                </li>
              );
            })}
          </ol>
        )}

        {full ? (
          <p role="status" className="card p-4 text-sm font-medium">
            {studioMessages.ticketTypesMaximum}
          </p>
        ) : (
          <section aria-labelledby="add-ticket-heading" className="card p-5">
            <h3 id="add-ticket-heading" className="flex items-center gap-2 text-lg font-bold">
              <Plus aria-hidden className="size-5 text-brand" /> Add a ticket type
            </h3>
            <Form
              key={ok?.intent === "add" ? ok.at : "add"}
              method="post"
              noValidate
              className="mt-4 flex flex-col gap-4"
              aria-label="Add a ticket type"
            >
              <input type="hidden" name="intent" value="add" />
              <input type="hidden" name="target" value="new" />
              <FormMessage>{addRefused?.formError}</FormMessage>
              <TicketTypeFields
                values={addRefused?.values ?? NEW_TICKET_TYPE}
                errors={addRefused?.fieldErrors ?? {}}
                currency={event.currency}
                sections={sections}
              />
              <div>
                <button type="submit" className="btn-primary" disabled={busy}>
                  <Plus aria-hidden className="size-4" /> Add ticket type
                </button>
              </div>
            </Form>
          </section>
        )}
      </section>

      <CompanionTickets
        eventId={event.id}
        on={event.companionTickets}
        seated={event.seated}
        busy={busy}
        saved={ok?.intent === "companions" ? ok.at : 0}
        error={companionsRefused?.error ?? null}
      />

      <section aria-labelledby="discounts-heading" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="discounts-heading" className="flex items-center gap-2 text-xl font-bold">
            <Tag aria-hidden className="size-5 text-brand" /> Discounts for this event
          </h2>
          <Link to="/h/discounts" className="link text-sm">
            All your discounts
          </Link>
        </div>
        {discounts.length === 0 ? (
          <p className="card p-6 text-center text-sm text-fg-muted">
            No discount codes work for this event yet. Make one below, just for this event.
          </p>
        ) : (
          <ul className="flex flex-col gap-3">
            {discounts.map((d) => (
              <li key={d.id} className="card p-4">
                <DiscountSummary
                  discount={d}
                  currency={event.currency}
                  now={now}
                  scope={d.forAll ? "All your events" : "Limited to chosen events, this one included"}
                  editHref={`/h/discounts/${d.id}?back=${encodeURIComponent(`/h/events/${event.id}/edit/tickets`)}`}
                />
              </li>
            ))}
          </ul>
        )}
        <details open={Boolean(discountRefused)} className="card p-5">
          <summary className="inline-flex min-h-10 cursor-pointer items-center gap-2 font-semibold">
            <Plus aria-hidden className="size-4" /> New discount for this event
          </summary>
          <Form
            key={ok?.intent === "discount" ? ok.at : "discount"}
            method="post"
            noValidate
            className="mt-4 flex flex-col gap-4"
            aria-label="New discount for this event"
          >
            <input type="hidden" name="intent" value="discount" />
            <input type="hidden" name="target" value={event.id} />
            <input type="hidden" name="scope" value="some" />
            <input type="hidden" name="eventIds" value={event.id} />
            <FormMessage>{discountRefused?.formError}</FormMessage>
            <DiscountFields
              values={discountRefused?.values ?? NEW_DISCOUNT}
              errors={discountRefused?.fieldErrors ?? {}}
              currency={event.currency}
            />
            <p className="text-sm text-fg-muted">
              It works for this event only. To use it for more events, change it from{" "}
              <Link to="/h/discounts" className="link">
                Discounts
              </Link>
              .
            </p>
            <div>
              <button type="submit" className="btn-primary" disabled={busy}>
                Create discount
              </button>
            </div>
          </Form>
        </details>
      </section>
    </div>
  );
}

/**
 * The event's free companion tickets (decision 0031): one setting, saved on its own. At a seated
 * venue it can't be turned on, and says why (buyers book companion seats in the seat picker).
 */
function CompanionTickets(props: {
  eventId: string;
  on: boolean;
  seated: boolean;
  busy: boolean;
  saved: number;
  error: string | null;
}) {
  const words = companionMessages.host;
  return (
    <section aria-labelledby="companions-heading" className="flex flex-col gap-4">
      <h2 id="companions-heading" className="flex items-center gap-2 text-xl font-bold">
        <Accessibility aria-hidden className="size-5 text-brand" /> {words.heading}
      </h2>
      <Form key={props.saved} method="post" className="card flex flex-col gap-4 p-5" aria-label={words.heading}>
        <input type="hidden" name="intent" value="companions" />
        <input type="hidden" name="target" value={props.eventId} />
        <FormMessage id="companions-error">{props.error}</FormMessage>
        <CheckboxField
          name="companionTickets"
          label={<span className="font-medium">{words.label}</span>}
          defaultChecked={props.on}
          disabled={props.seated && !props.on}
          hint={props.seated ? words.seated : words.hint}
        />
        <div>
          <button type="submit" className="btn-secondary" disabled={props.busy || (props.seated && !props.on)}>
            {words.save}
          </button>
        </div>
      </Form>
    </section>
  );
}
