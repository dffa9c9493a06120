import { ArrowLeft, ArrowRight, ImagePlus, Repeat, Trash2 } from "lucide-react";
import { Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { EVENT_IMAGES_MAX, REPEAT_DATES_MAX, REPEAT_DATES_MIN, REPEAT_EVERY } from "~/domain/event-details";
import { ONE_IMAGE_FORM_MAX_BYTES } from "~/domain/request-limits";
import { AppError } from "~/lib/app-error";
import { formatShortDate } from "~/lib/format";
import { field, readForm } from "~/lib/read-form";
import { addEventImage, moveEventImage, removeEventImage } from "~/services/event-images";
import { repeatEvent, seriesDates } from "~/services/repeat-event";
import { eventEditorData, updateEventDetails } from "~/services/save-event";
import { messages } from "~/texts/messages";
import { studioMessages } from "~/texts/studio-messages";
import { EventDetailsForm, eventFormValues } from "~/web/components/studio/event-details-form";
import { FormMessage } from "~/web/components/ui/field";
import { countImageUpload } from "~/web/lib/image-uploads.server";
import { actionError, refusalOf } from "~/web/lib/action-error";
import { detailsInput, EventDetailsFormSchema } from "~/web/lib/event-form.server";
import { setFlash } from "~/web/lib/flash.server";
import { judgeImageFile, useChosenFileCheck } from "~/web/lib/use-chosen-file";
import { imageUrl } from "~/web/lib/images";
import { loaded } from "~/web/lib/loaded";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import type { Route } from "./+types/events.$eventId.edit._index";

export const meta: Route.MetaFunction = () => [
  { title: "Edit event · Partner Studio · Ticketyboo" },
  { name: "description", content: "Edit your event's details: name, date, venue, description and pictures." },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const db = context.database.db;
  const data = await loaded(eventEditorData(db, { hostId, eventId: params.eventId }));
  const e = data.event!;
  const series = e.seriesId ? await seriesDates(db, { hostId, seriesId: e.seriesId }) : [];
  return { ...data, event: e, series, now: new Date(), helper: context.writingHelper !== null };
}

const OtherIntents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("image-add"), image: field.file() }),
  z.object({ intent: z.literal("image-move"), key: field.text(300), direction: z.enum(["earlier", "later"]) }),
  z.object({ intent: z.literal("image-remove"), key: field.text(300) }),
  z.object({
    intent: z.literal("repeat"),
    every: z.enum(REPEAT_EVERY, { message: "Choose how often." }),
    count: field.number(z.number({ message: "Enter how many dates." }).int()),
  }),
]);
const EditForm = z.union([EventDetailsFormSchema, OtherIntents]);

/** Saves the overview, or changes its pictures, or repeats the event: each answers with a toast and the page afresh. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const db = context.database.db;
  const eventId = params.eventId;
  const read = await readForm(request, EditForm, { maxBytes: ONE_IMAGE_FORM_MAX_BYTES });
  if (!read.ok)
    return actionError(read.error, {
      extra: { intent: read.values.intent ?? "save", values: read.values },
      words: { too_large: messages.images.tooLarge },
    });
  const form = read.data;
  const done = (text: string) =>
    redirect(`/h/events/${eventId}/edit`, { headers: setFlash(new Headers(), { tone: "success", text }) });
  const now = new Date();
  try {
    switch (form.intent) {
      case "save": {
        const { updated, ordersTold } = await updateEventDetails(db, {
          hostId,
          eventId,
          form: detailsInput(form),
          description: form.description,
          scope: form.scope,
          now,
          throttle: context.throttle,
        });
        const saved = updated > 1 ? `${studioMessages.updated}: ${updated} dates` : studioMessages.updated;
        return done(ordersTold > 0 ? `${saved}. ${studioMessages.ticketHoldersTold(ordersTold)}` : saved);
      }
      case "image-add": {
        if (!form.image)
          return actionError(
            new AppError("validation_failed", messages.images.selectImage, {
              fields: { image: messages.images.selectImage },
            }),
            { extra: { intent: "image" } },
          );
        await countImageUpload(context, hostId, "image");
        await addEventImage(db, context.storage, {
          hostId,
          eventId,
          bytes: new Uint8Array(await form.image.arrayBuffer()),
        });
        return done("Picture added");
      }
      case "image-move":
        await moveEventImage(db, { hostId, eventId, key: form.key, direction: form.direction });
        return done("Pictures reordered");
      case "image-remove":
        await removeEventImage(db, context.storage, { hostId, eventId, key: form.key });
        return done("Picture removed");
      case "repeat": {
        const { created } = await repeatEvent(db, { hostId, eventId, every: form.every, count: form.count, now });
        return done(
          created === 0
            ? "Those dates are already in the series."
            : `${created} ${created === 1 ? "date" : "dates"} added, each with its own tickets.`,
        );
      }
    }
  } catch (error) {
    const intent = form.intent.startsWith("image") ? "image" : form.intent;
    return actionError(error, {
      extra: { intent, values: form.intent === "save" ? (form as unknown as Record<string, string | string[]>) : null },
    });
  }
}

export default function EventOverview({ loaderData, actionData }: Route.ComponentProps) {
  const { event: e, venues } = loaderData;
  const answer = actionData as { intent?: string; values?: Record<string, string | string[]> | null } | undefined;
  const refusal = refusalOf(actionData);
  const mine = (intent: string) => (answer?.intent === intent ? refusal : { formError: null, fieldErrors: {} });
  const save = mine("save");
  const values =
    answer?.intent === "save" && answer.values
      ? answer.values
      : eventFormValues(e, loaderData.hostFeeMode, loaderData.now);
  return (
    <div className="flex flex-col gap-8">
      <EventPictures eventId={e.id} images={e.images} refusal={mine("image")} />
      <EventDetailsForm
        key={answer?.intent === "save" ? "sent" : `saved-${e.name}-${e.startsAt.toISOString()}`}
        values={values}
        errors={save.fieldErrors}
        formError={save.formError}
        venues={venues}
        slugLocked={e.slugLocked}
        currencyLocked={e.hasOrders}
        laterDates={e.laterDates}
        addVenueHref={`/h/venues/add?for=${e.id}`}
        helperAction={loaderData.helper ? "/h/events/write" : null}
        submitLabel="Save changes"
      />
      <RepeatEvent series={loaderData.series} refusal={mine("repeat")} />
    </div>
  );
}

type Refusal = ReturnType<typeof refusalOf>;

const INPUT = "mt-1 h-11 rounded-xl border border-border bg-surface px-3 text-fg focus:border-brand focus:outline-none";
const ICON_BUTTON =
  "grid size-9 place-items-center rounded-lg text-fg-muted hover:bg-surface-2 hover:text-fg disabled:opacity-30";

function EventPictures({ eventId, images, refusal }: { eventId: string; images: string[]; refusal: Refusal }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && String(navigation.formData?.get("intent")).startsWith("image");
  const chosen = useChosenFileCheck(judgeImageFile);
  const shownError = chosen.problem ?? refusal.formError ?? refusal.fieldErrors.image ?? null;
  return (
    <section aria-labelledby="pictures-heading" className="card flex flex-col gap-4 p-5 tablet:p-6">
      <div>
        <h2 id="pictures-heading" className="text-lg font-bold">
          Pictures
        </h2>
        <p className="text-sm text-fg-muted">
          The first is the cover on cards and the event page. JPEG or PNG, up to 10 MB each, at most {EVENT_IMAGES_MAX}.
        </p>
      </div>
      <FormMessage id="picture-error">{shownError}</FormMessage>
      {images.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-fg-muted">
          No pictures yet. Events with a picture sell better: add one below.
        </p>
      ) : (
        <ol className="grid grid-cols-2 gap-3 tablet:grid-cols-3 laptop:grid-cols-4">
          {images.map((key, i) => (
            <li key={key} className="overflow-hidden rounded-xl border border-border">
              <img
                src={imageUrl(key, 640)}
                alt={i === 0 ? "Cover picture" : `Picture ${i + 1}`}
                className="aspect-[3/2] w-full object-cover"
                loading="lazy"
              />
              {/* Two to a row on a phone leaves a picture about 150 px: its buttons go under its name there. */}
              <div className="flex flex-wrap items-center justify-between gap-1 p-1">
                <span className="px-2 text-xs font-semibold text-fg-muted">{i === 0 ? "Cover" : `${i + 1}`}</span>
                <div className="ml-auto flex">
                  <PictureButton
                    eventId={eventId}
                    pictureKey={key}
                    intent="image-move"
                    direction="earlier"
                    disabled={i === 0}
                    label={`Move picture ${i + 1} earlier`}
                  >
                    <ArrowLeft aria-hidden className="size-4" />
                  </PictureButton>
                  <PictureButton
                    eventId={eventId}
                    pictureKey={key}
                    intent="image-move"
                    direction="later"
                    disabled={i === images.length - 1}
                    label={`Move picture ${i + 1} later`}
                  >
                    <ArrowRight aria-hidden className="size-4" />
                  </PictureButton>
                  <PictureButton
                    eventId={eventId}
                    pictureKey={key}
                    intent="image-remove"
                    label={`Remove picture ${i + 1}`}
                  >
                    <Trash2 aria-hidden className="size-4" />
                  </PictureButton>
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
      {images.length < EVENT_IMAGES_MAX ? (
        <Form
          method="post"
          encType="multipart/form-data"
          className="flex flex-wrap items-end gap-3"
          onSubmit={chosen.clear}
        >
          <input type="hidden" name="intent" value="image-add" />
          <label className="flex min-w-0 max-w-full flex-col text-sm font-medium">
            Add a picture
            <input
              type="file"
              name="image"
              accept="image/jpeg,image/png"
              required
              aria-invalid={shownError ? true : undefined}
              aria-describedby={shownError ? "picture-error" : undefined}
              onChange={chosen.onChange}
              className="mt-1 w-full max-w-xs text-sm file:mr-3 file:min-h-10 file:rounded-full file:border
                file:border-border file:bg-surface file:px-4 file:font-semibold file:text-fg"
            />
          </label>
          <button type="submit" className="btn-secondary" disabled={busy}>
            <ImagePlus aria-hidden className="size-4" />
            {busy ? "Uploading…" : "Upload"}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

function PictureButton(props: {
  eventId: string;
  pictureKey: string;
  intent: "image-move" | "image-remove";
  direction?: "earlier" | "later";
  disabled?: boolean;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" action={`/h/events/${props.eventId}/edit?index`}>
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name="key" value={props.pictureKey} />
      {props.direction ? <input type="hidden" name="direction" value={props.direction} /> : null}
      <button
        type="submit"
        aria-label={props.label}
        title={props.label}
        disabled={props.disabled}
        className={ICON_BUTTON}
      >
        {props.children}
      </button>
    </Form>
  );
}

function RepeatEvent({
  series,
  refusal,
}: {
  series: { id: string; startsAt: Date; status: string; isCancelled: boolean }[];
  refusal: Refusal;
}) {
  return (
    <section aria-labelledby="repeat-heading" className="card flex flex-col gap-4 p-5 tablet:p-6">
      <div>
        <h2 id="repeat-heading" className="flex items-center gap-2 text-lg font-bold">
          <Repeat aria-hidden className="size-5" /> Repeat this event
        </h2>
        <p className="text-sm text-fg-muted">
          A weekly quiz, a monthly club night: set up the season once. Each date is its own event with its own tickets
          and sales; you can change the later dates together or one at a time.
        </p>
      </div>
      {series.length > 1 ? (
        <div>
          <p className="text-sm font-medium">In this series ({series.length} dates)</p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {series.map((d) => (
              <li key={d.id}>
                <a
                  href={`/h/events/${d.id}/edit`}
                  className="inline-flex min-h-9 items-center rounded-full border border-border px-3 text-sm
                    hover:bg-surface-2"
                >
                  {formatShortDate(d.startsAt)}
                  {d.isCancelled ? " (cancelled)" : d.status === "draft" ? " (draft)" : ""}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <FormMessage>{refusal.formError}</FormMessage>
      <Form method="post" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="repeat" />
        <label className="flex flex-col text-sm font-medium">
          How often
          <select name="every" defaultValue="weekly" className={INPUT}>
            <option value="weekly">Every week</option>
            <option value="fortnightly">Every two weeks</option>
            <option value="monthly">Every month</option>
          </select>
        </label>
        <label className="flex flex-col text-sm font-medium">
          Dates in all
          <input
            type="number"
            name="count"
            min={REPEAT_DATES_MIN}
            max={REPEAT_DATES_MAX}
            defaultValue={6}
            aria-invalid={refusal.fieldErrors.count ? true : undefined}
            className={`${INPUT} w-28`}
          />
        </label>
        <button type="submit" className="btn-secondary">
          <Repeat aria-hidden className="size-4" />
          Make the dates
        </button>
        {refusal.fieldErrors.count ? <p className="w-full text-sm text-danger">{refusal.fieldErrors.count}</p> : null}
      </Form>
    </section>
  );
}
