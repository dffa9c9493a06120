import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { isAppError } from "~/lib/app-error";
import { field, readForm } from "~/lib/read-form";
import { isUuid } from "~/lib/uuid";
import { getAlert, updateAlert } from "~/services/staff-alerts";
import { AlertFields } from "~/web/components/admin/alert-fields";
import { StaffHeading } from "~/web/components/admin/staff-ui";
import { CheckboxField, FormMessage } from "~/web/components/ui/field";
import { actionError, refusalOf } from "~/web/lib/action-error";
import { setFlash } from "~/web/lib/flash.server";
import { staffActor } from "~/web/lib/staff-console.server";
import type { Route } from "./+types/alerts.$alertId";

export const handle = { title: "Edit alert" };
export const meta: Route.MetaFunction = () => [
  { title: "Edit alert · Staff console · Ticketyboo" },
  { name: "description", content: "Change an alert's words or how it is shown." },
  { name: "robots", content: "noindex" },
];

async function findAlert(context: Route.LoaderArgs["context"], id: string) {
  if (!isUuid(id)) throw data(null, { status: 404 });
  try {
    return await getAlert(context.database.db, id);
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") throw data(null, { status: 404 });
    throw error;
  }
}

export async function loader({ context, params }: Route.LoaderArgs) {
  staffActor(context);
  const a = await findAlert(context, params.alertId);
  return { id: a.id, heading: a.heading, description: a.description, isFullPage: a.isFullPage, isActive: a.isActive };
}

const EditForm = z.object({
  heading: field.text(),
  description: field.text(),
  kind: z.enum(["banner", "full-page"], "Choose how the alert is shown."),
  showAgain: field.checkbox(),
});

export async function action({ context, request, params }: Route.ActionArgs) {
  const actor = staffActor(context);
  await findAlert(context, params.alertId);
  const form = await readForm(request, EditForm);
  if (!form.ok) return actionError(form.error, { extra: { values: form.values } });
  const { heading, description, kind, showAgain } = form.data;
  const values = { heading, description, isFullPage: kind === "full-page" };
  try {
    await updateAlert(context.database.db, actor, params.alertId, { ...values, showAgain }, new Date());
  } catch (error) {
    return actionError(error, { extra: { values: { heading, description, kind } } });
  }
  const headers = new Headers();
  setFlash(headers, { tone: "success", text: showAgain ? "Alert saved: everyone sees it once more." : "Alert saved." });
  return redirect("/admin/alerts", { headers });
}

export default function EditAlert({ loaderData, actionData }: Route.ComponentProps) {
  const { formError, fieldErrors } = refusalOf(actionData);
  const sent = actionData?.values;
  const values = sent
    ? { heading: sent.heading, description: sent.description, isFullPage: sent.kind === "full-page" }
    : loaderData;
  return (
    <>
      <p>
        <Link to="/admin/alerts" className="link text-sm">
          All alerts
        </Link>
      </p>
      <div className="mt-2">
        <StaffHeading title="Edit alert">
          {loaderData.isActive ? "This alert is showing now." : "This alert is not showing."} Visitors who pressed ‘Got
          it’ do not see it again unless you tick ‘Show it again’.
        </StaffHeading>
      </div>
      <Form method="post" className="card mt-6 max-w-2xl space-y-5 p-5 tablet:p-6" noValidate>
        <FormMessage>{formError}</FormMessage>
        <AlertFields values={values} errors={fieldErrors} />
        <CheckboxField
          label="Show it again to people who have already seen it"
          name="showAgain"
          hint="For a change that matters. Leave it unticked for a small fix."
        />
        <button type="submit" className="btn-primary">
          Save changes
        </button>
      </Form>
    </>
  );
}
