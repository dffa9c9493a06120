import { Form, Link } from "react-router";
import { z } from "zod";
import { formatTimestamp } from "~/lib/format";
import { isUuid } from "~/lib/uuid";
import { field, readForm } from "~/lib/read-form";
import { createAlert, listAlerts, setAlertActive } from "~/services/staff-alerts";
import { AlertFields } from "~/web/components/admin/alert-fields";
import { EmptyList, StaffHeading, useActionToast } from "~/web/components/admin/staff-ui";
import { CheckboxField } from "~/web/components/ui/field";
import { Pagination, pageParam } from "~/web/components/ui/pagination";
import { actionError, refusalOf } from "~/web/lib/action-error";
import { staffActor, staffAnswer } from "~/web/lib/staff-console.server";
import type { Route } from "./+types/alerts";

export const handle = { title: "Alerts" };
export const meta: Route.MetaFunction = () => [
  { title: "Alerts · Staff console · Ticketyboo" },
  { name: "description", content: "Banners and full-page notices for everyone who visits Ticketyboo." },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  staffActor(context);
  const page = pageParam(new URL(request.url).searchParams.get("page"));
  const list = await listAlerts(context.database.db, { page });
  return {
    ...list,
    rows: list.rows.map((a) => ({
      id: a.id,
      heading: a.heading,
      description: a.description,
      isFullPage: a.isFullPage,
      isActive: a.isActive,
      savedLabel: formatTimestamp(a.savedAt),
    })),
  };
}

const kind = z.enum(["banner", "full-page"], "Choose how the alert is shown.");
const AlertForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("create"),
    heading: field.text(),
    description: field.text(),
    kind,
    active: field.checkbox(),
  }),
  z.object({ intent: z.enum(["activate", "deactivate"]), id: z.string().refine(isUuid, "Choose an alert.") }),
]);

export async function action({ context, request }: Route.ActionArgs) {
  const actor = staffActor(context);
  const form = await readForm(request, AlertForm);
  if (!form.ok) return actionError(form.error, { extra: { ok: false as const, values: form.values } });
  const db = context.database.db;
  const f = form.data;
  if (f.intent === "create") {
    const values = { heading: f.heading, description: f.description, isFullPage: f.kind === "full-page" };
    return staffAnswer(
      () => createAlert(db, actor, { ...values, active: f.active }, new Date()),
      f.active ? "Alert published: visitors see it on their next page." : "Alert saved, not shown yet.",
      { values: { ...values, kind: f.kind } },
    );
  }
  const active = f.intent === "activate";
  return staffAnswer(
    () => setAlertActive(db, actor, f.id, active),
    active ? "Alert activated." : "Alert deactivated: nobody sees it now.",
  );
}

export default function StaffAlerts({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, page, pageCount } = loaderData;
  useActionToast(actionData);
  const { formError, fieldErrors } = refusalOf(actionData && !actionData.ok ? actionData : null);
  const failedValues: Partial<Record<"heading" | "description" | "kind", string>> | undefined =
    actionData && !actionData.ok && "values" in actionData
      ? (actionData.values as Partial<Record<"heading" | "description" | "kind", string>>)
      : undefined;
  return (
    <>
      <StaffHeading title="Alerts">
        A banner under the header or a full-page notice, for every visitor. Each browser shows an alert once, until ‘Got
        it’ is pressed.
      </StaffHeading>

      <section aria-labelledby="new-alert" className="card mt-6 max-w-2xl p-5 tablet:p-6">
        <h2 id="new-alert" className="text-lg font-bold">
          New alert
        </h2>
        {/* A new form after each success, so what was published is not left in the fields. */}
        <Form method="post" className="mt-4 space-y-5" noValidate key={actionData?.ok ? actionData.message : "form"}>
          <input type="hidden" name="intent" value="create" />
          {formError ? <p className="text-sm font-medium text-danger">{formError}</p> : null}
          <AlertFields
            values={
              failedValues
                ? {
                    heading: failedValues.heading,
                    description: failedValues.description,
                    isFullPage: failedValues.kind === "full-page",
                  }
                : undefined
            }
            errors={fieldErrors}
          />
          <CheckboxField label="Show it now" name="active" defaultChecked />
          <button type="submit" className="btn-primary">
            Save alert
          </button>
        </Form>
      </section>

      <h2 className="mt-10 text-lg font-bold">All alerts</h2>
      {total === 0 ? (
        <EmptyList>No alerts yet. The one you write above will be listed here.</EmptyList>
      ) : (
        <ul className="mt-4 space-y-3">
          {rows.map((a) => (
            <li key={a.id} className="card flex flex-col gap-3 p-4 tablet:flex-row tablet:items-start">
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 text-xs font-semibold">
                  <span
                    className={`rounded-full px-2 py-0.5 ${
                      a.isActive ? "bg-brand-soft text-fg" : "bg-surface-2 text-fg-muted"
                    }`}
                  >
                    {a.isActive ? "Showing" : "Not showing"}
                  </span>
                  <span className="text-fg-muted">{a.isFullPage ? "Full-page notice" : "Banner"}</span>
                  <span className="font-normal text-fg-muted">saved {a.savedLabel}</span>
                </p>
                <h3 className="mt-1 font-semibold break-words">{a.heading}</h3>
                <p className="mt-1 text-sm break-words whitespace-pre-line text-fg-muted">{a.description}</p>
              </div>
              <div className="flex shrink-0 gap-2">
                <Link to={`/admin/alerts/${a.id}`} className="btn-secondary" aria-label={`Edit ‘${a.heading}’`}>
                  Edit
                </Link>
                <Form method="post">
                  <input type="hidden" name="id" value={a.id} />
                  <button
                    type="submit"
                    name="intent"
                    value={a.isActive ? "deactivate" : "activate"}
                    className="btn-secondary"
                    aria-label={`${a.isActive ? "Deactivate" : "Activate"} ‘${a.heading}’`}
                  >
                    {a.isActive ? "Deactivate" : "Activate"}
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} hrefFor={(p) => `/admin/alerts?page=${p}`} label="Alert pages" />
    </>
  );
}
