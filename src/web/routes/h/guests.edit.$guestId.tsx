import { Trash2 } from "lucide-react";
import { useRef } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { GuestForm } from "~/domain/guests";
import { formatEventDateTime, formatTimestamp } from "~/lib/format";
import { readForm } from "~/lib/read-form";
import { guestMessages } from "~/texts/guest-messages";
import { hostGuest, removeGuest, updateGuest } from "~/services/guest-list";
import { GuestFields } from "~/web/components/studio/guest-fields";
import { FormMessage } from "~/web/components/ui/field";
import { actionError, refusalOf } from "~/web/lib/action-error";
import { setFlash } from "~/web/lib/flash.server";
import { loaded } from "~/web/lib/loaded";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import { useAskFirst } from "~/web/lib/use-ask-first";
import type { Route } from "./+types/guests.edit.$guestId";
import { useUnsavedChanges } from "~/web/lib/use-unsaved-changes";

export const handle = { title: "Edit guest" };
export const meta: Route.MetaFunction = () => [
  { title: "Edit guest · Partner Studio · Ticketyboo" },
  { name: "description", content: "Edit a guest on one of your guest lists." },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const guest = await loaded(hostGuest(context.database.db, { hostId, guestId: params.guestId }));
  return { guest };
}

const EditForm = z.discriminatedUnion("intent", [
  GuestForm.extend({ intent: z.literal("save") }),
  z.object({ intent: z.literal("remove") }),
]);

export async function action({ context, request, params }: Route.ActionArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const db = context.database.db;
  const read = await readForm(request, EditForm);
  if (!read.ok) return actionError(read.error, { extra: { values: read.values } });
  const form = read.data;
  let done: { eventId: string; text: string };
  const { intent: _, ...typed } = form;
  try {
    if (form.intent === "remove") {
      const r = await removeGuest(db, { hostId, guestId: params.guestId });
      done = { eventId: r.eventId, text: guestMessages.removed(r.name) };
    } else {
      const r = await updateGuest(db, { hostId, guestId: params.guestId, guest: form, now: new Date() });
      done = { eventId: r.eventId, text: guestMessages.saved(r.name) };
    }
  } catch (error) {
    return actionError(error, { extra: { values: form.intent === "save" ? (typed as Record<string, string>) : null } });
  }
  throw redirect(`/h/events/${done.eventId}/edit/guests`, {
    headers: setFlash(new Headers(), { tone: "success", text: done.text }),
  });
}

export default function EditGuest({ loaderData, actionData }: Route.ComponentProps) {
  const { guest } = loaderData;
  const { formError, fieldErrors } = refusalOf(actionData);
  const busy = useNavigation().state !== "idle";
  const formRef = useRef<HTMLFormElement>(null);
  useUnsavedChanges(formRef);
  const askFirst = useAskFirst();
  const back = `/h/events/${guest.eventId}/edit/guests`;
  const values = actionData?.values ?? {
    name: guest.name,
    email: guest.email ?? "",
    plusOnes: String(guest.plusOnes),
    notes: guest.notes,
    ticketTypeId: guest.ticketTypeId ?? "",
  };
  return (
    <div className="py-8 pb-24 laptop:py-10">
      <Link to={back} className="text-sm font-medium text-fg-muted hover:text-fg">
        ← Back to the guest list
      </Link>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight break-words">Edit {guest.name}</h1>
      <p className="mt-1 text-fg-muted">
        A guest of <span className="font-semibold text-fg">{guest.eventName}</span>,{" "}
        {formatEventDateTime(guest.startsAt)}
        {guest.checkedInAt ? ` · checked in ${formatTimestamp(guest.checkedInAt)}` : ""}
      </p>
      <Form
        ref={formRef}
        method="post"
        noValidate
        className="card mt-6 flex max-w-3xl flex-col gap-4 p-5"
        aria-label="Edit guest"
      >
        <input type="hidden" name="intent" value="save" />
        <FormMessage>{formError}</FormMessage>
        <GuestFields values={values} errors={fieldErrors} ticketTypes={guest.ticketTypes} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn-primary" disabled={busy}>
            Save guest
          </button>
          <Link to={back} className="btn-ghost">
            Cancel
          </Link>
        </div>
      </Form>
      <Form
        method="post"
        className="mt-4"
        onSubmit={askFirst({
          title: `Remove ${guest.name}?`,
          description: "They come off this event's guest list.",
          confirmLabel: "Remove",
        })}
      >
        <input type="hidden" name="intent" value="remove" />
        <button type="submit" className="btn-ghost text-danger" disabled={busy}>
          <Trash2 aria-hidden className="size-4" /> Remove from the list
        </button>
      </Form>
    </div>
  );
}
