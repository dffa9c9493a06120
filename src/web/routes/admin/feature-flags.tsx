import { Form } from "react-router";
import { z } from "zod";
import { formatTimestamp } from "~/lib/format";
import { field, readForm } from "~/lib/read-form";
import {
  describeFeatureFlag,
  FLAG_DESCRIPTION_MAX,
  listFeatureFlags,
  setFeatureFlag,
} from "~/services/staff-feature-flags";
import { EmptyList, StaffHeading, useActionToast } from "~/web/components/admin/staff-ui";
import { CheckboxField, TextField } from "~/web/components/ui/field";
import { Pagination, pageParam } from "~/web/components/ui/pagination";
import { actionError, refusalOf } from "~/web/lib/action-error";
import { staffActor, staffAnswer } from "~/web/lib/staff-console.server";
import type { Route } from "./+types/feature-flags";

export const handle = { title: "Feature flags" };
export const meta: Route.MetaFunction = () => [
  { title: "Feature flags · Staff console · Ticketyboo" },
  { name: "description", content: "Turn Ticketyboo's features on and off." },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  staffActor(context);
  const page = pageParam(new URL(request.url).searchParams.get("page"));
  const list = await listFeatureFlags(context.database.db, { page });
  return { ...list, rows: list.rows.map((f) => ({ ...f, updatedLabel: formatTimestamp(f.updatedAt) })) };
}

const key = z.string().min(1, "Choose a flag.").max(100, "Choose a flag.");
const FlagForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["on", "off"]), key }),
  z.object({
    intent: z.literal("describe"),
    key,
    description: field.text(),
    isPublic: field.checkbox(),
  }),
]);

export async function action({ context, request }: Route.ActionArgs) {
  const actor = staffActor(context);
  const form = await readForm(request, FlagForm);
  if (!form.ok) return actionError(form.error, { extra: { ok: false as const, key: form.values.key ?? "" } });
  const db = context.database.db;
  const f = form.data;
  if (f.intent === "describe")
    return staffAnswer(
      () => describeFeatureFlag(db, actor, f.key, { description: f.description, isPublic: f.isPublic }, new Date()),
      `Saved ‘${f.key}’.`,
      { key: f.key },
    );
  return staffAnswer(
    () => setFeatureFlag(db, actor, f.key, f.intent === "on", new Date()),
    `‘${f.key}’ is ${f.intent === "on" ? "on" : "off"}.`,
    { key: f.key },
  );
}

export default function StaffFeatureFlags({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, page, pageCount } = loaderData;
  useActionToast(actionData);
  const failed = actionData && !actionData.ok ? actionData : null;
  const { fieldErrors } = refusalOf(failed);
  return (
    <>
      <StaffHeading title="Feature flags">
        Switches the code reads. A public flag reaches every visitor&apos;s browser; a private one stays on the server.
      </StaffHeading>
      {total === 0 ? (
        <EmptyList>No feature flags yet. They appear here once the code that reads one is released.</EmptyList>
      ) : (
        <ul className="mt-6 space-y-3">
          {rows.map((f) => (
            <li key={f.key} className="card p-4">
              <div className="flex flex-wrap items-center gap-3">
                <h2 className="font-mono text-sm font-semibold break-all">{f.key}</h2>
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
                    f.enabled ? "bg-brand-soft text-fg" : "bg-surface-2 text-fg-muted"
                  }`}
                >
                  {f.enabled ? "On" : "Off"}
                </span>
                <span className="text-xs text-fg-muted">
                  {f.isPublic ? "Public" : "Private"} · changed {f.updatedLabel}
                </span>
                <Form method="post" className="ml-auto">
                  <input type="hidden" name="key" value={f.key} />
                  <button
                    type="submit"
                    name="intent"
                    value={f.enabled ? "off" : "on"}
                    className="btn-secondary"
                    aria-label={`Turn ‘${f.key}’ ${f.enabled ? "off" : "on"}`}
                  >
                    Turn {f.enabled ? "off" : "on"}
                  </button>
                </Form>
              </div>
              <Form method="post" className="mt-3 flex flex-col gap-3 laptop:flex-row laptop:items-end" noValidate>
                <input type="hidden" name="key" value={f.key} />
                <TextField
                  label={`Description of ${f.key}`}
                  name="description"
                  maxLength={FLAG_DESCRIPTION_MAX}
                  defaultValue={f.description}
                  className="min-w-0 flex-1"
                  error={failed?.key === f.key ? fieldErrors.description : undefined}
                />
                <CheckboxField label="Public" name="isPublic" defaultChecked={f.isPublic} className="laptop:pb-3" />
                <button type="submit" name="intent" value="describe" className="btn-secondary">
                  Save
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        pageCount={pageCount}
        hrefFor={(p) => `/admin/feature-flags?page=${p}`}
        label="Flag pages"
      />
    </>
  );
}
