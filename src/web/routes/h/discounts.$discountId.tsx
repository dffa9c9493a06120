import { Link, redirect } from "react-router";
import { DiscountForm, discountDraftFrom, typedDiscount } from "~/domain/discount-rules";
import { field, readForm } from "~/lib/read-form";
import { studioTicketMessages } from "~/texts/studio-ticket-messages";
import { discountEventChoices, hostDiscount, updateDiscount } from "~/services/host-discounts";
import { DiscountEditor } from "~/web/components/studio/discount-editor";
import { discountValues } from "~/web/components/studio/discount-fields";
import { actionError, refusalOf } from "~/web/lib/action-error";
import { setFlash } from "~/web/lib/flash.server";
import { loaded } from "~/web/lib/loaded";
import { studioPath } from "~/web/lib/studio-path";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import type { Route } from "./+types/discounts.$discountId";

export const handle = { title: "Edit discount" };
export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded ? loaded.discount.code.toUpperCase() : "Discount"} · Partner Studio · Ticketyboo` },
  { name: "description", content: "Edit a discount code: its value, when it runs and how many times it can be used." },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const db = context.database.db;
  const discount = await loaded(hostDiscount(db, { hostId, discountId: params.discountId }));
  const events = await discountEventChoices(db, {
    hostId,
    now: new Date(),
    include: discount.events.map((e) => e.id),
  });
  return { discount, events, back: studioPath(new URL(request.url).searchParams.get("back"), "/h/discounts") };
}

const EditDiscountForm = DiscountForm.extend({ back: field.text(500) });

export async function action({ context, request, params }: Route.ActionArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const read = await readForm(request, EditDiscountForm);
  if (!read.ok) return actionError(read.error, { extra: { values: read.values, eventIds: [] as string[] } });
  const form = read.data;
  const extra = { extra: { values: typedDiscount(form), eventIds: form.eventIds } };
  const judged = discountDraftFrom(form);
  if (!judged.ok) return actionError(judged.error, extra);
  try {
    await updateDiscount(context.database.db, { hostId, discountId: params.discountId, draft: judged.draft });
  } catch (error) {
    return actionError(error, extra);
  }
  throw redirect(studioPath(form.back, "/h/discounts"), {
    headers: setFlash(new Headers(), { tone: "success", text: studioTicketMessages.discounts.saved }),
  });
}

export default function EditDiscount({ loaderData, actionData }: Route.ComponentProps) {
  const { discount, events, back } = loaderData;
  const { formError, fieldErrors } = refusalOf(actionData);
  return (
    <div className="py-8 pb-24 laptop:py-10">
      <Link to={back} className="text-sm font-medium text-fg-muted hover:text-fg">
        ← Back
      </Link>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight break-all">
        Discount <span className="font-mono uppercase">{discount.code}</span>
      </h1>
      <p className="mt-1 max-w-2xl text-fg-muted">
        Used {discount.uses} {discount.uses === 1 ? "time" : "times"}. Turn it off rather than delete it: orders that
        used it keep their record.
      </p>
      <div className="mt-6">
        <DiscountEditor
          label={`Edit discount ${discount.code}`}
          values={actionData?.values ?? discountValues(discount)}
          chosen={actionData?.eventIds ?? discount.events.map((e) => e.id)}
          errors={fieldErrors}
          formError={formError}
          events={events}
          uses={discount.uses}
          back={back}
          submitLabel="Save discount"
        />
      </div>
    </div>
  );
}
