import { Link, redirect } from "react-router";
import { DiscountForm, discountDraftFrom, typedDiscount } from "~/domain/discount-rules";
import { field, readForm } from "~/lib/read-form";
import { isUuid } from "~/lib/uuid";
import { studioTicketMessages } from "~/texts/studio-ticket-messages";
import { createDiscount, discountEventChoices } from "~/services/host-discounts";
import { DiscountEditor } from "~/web/components/studio/discount-editor";
import { NEW_DISCOUNT } from "~/web/components/studio/discount-fields";
import { actionError, refusalOf } from "~/web/lib/action-error";
import { setFlash } from "~/web/lib/flash.server";
import { studioPath } from "~/web/lib/studio-path";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import type { Route } from "./+types/discounts.new";

export const handle = { title: "New discount" };
export const meta: Route.MetaFunction = () => [
  { title: "New discount · Partner Studio · Ticketyboo" },
  { name: "description", content: "Create a discount code for your events." },
  { name: "robots", content: "noindex" },
];

/** `?event=` ticks one event to start with (from an event's tickets view). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const url = new URL(request.url);
  const event = url.searchParams.get("event");
  const chosen = isUuid(event) ? [event] : [];
  const events = await discountEventChoices(context.database.db, { hostId, now: new Date(), include: chosen });
  return {
    events,
    chosen: chosen.filter((id) => events.some((e) => e.id === id)),
    back: studioPath(url.searchParams.get("back"), "/h/discounts"),
  };
}

const NewDiscountForm = DiscountForm.extend({ back: field.text(500) });

export async function action({ context, request }: Route.ActionArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const read = await readForm(request, NewDiscountForm);
  if (!read.ok) return actionError(read.error, { extra: { values: read.values, eventIds: [] as string[] } });
  const form = read.data;
  const extra = { extra: { values: typedDiscount(form), eventIds: form.eventIds } };
  const judged = discountDraftFrom(form);
  if (!judged.ok) return actionError(judged.error, extra);
  try {
    await createDiscount(context.database.db, { hostId, draft: judged.draft });
  } catch (error) {
    return actionError(error, extra);
  }
  throw redirect(studioPath(form.back, "/h/discounts"), {
    headers: setFlash(new Headers(), { tone: "success", text: studioTicketMessages.discounts.created }),
  });
}

export default function NewDiscount({ loaderData, actionData }: Route.ComponentProps) {
  const { formError, fieldErrors } = refusalOf(actionData);
  const values = actionData?.values ?? { ...NEW_DISCOUNT, scope: loaderData.chosen.length > 0 ? "some" : "all" };
  return (
    <div className="py-8 pb-24 laptop:py-10">
      <Link to={loaderData.back} className="text-sm font-medium text-fg-muted hover:text-fg">
        ← Back
      </Link>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight">New discount</h1>
      <p className="mt-1 max-w-2xl text-fg-muted">A code buyers type at checkout.</p>
      <div className="mt-6">
        <DiscountEditor
          label="New discount"
          values={values}
          chosen={actionData?.eventIds ?? loaderData.chosen}
          errors={fieldErrors}
          formError={formError}
          events={loaderData.events}
          back={loaderData.back}
          submitLabel="Create discount"
        />
      </div>
    </div>
  );
}
