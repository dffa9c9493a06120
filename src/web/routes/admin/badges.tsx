import { BadgeCheck } from "lucide-react";
import { Form } from "react-router";
import { z } from "zod";
import { field, readForm } from "~/lib/read-form";
import { BADGE_NOTE_LIMITS, searchHosts, setVerifiedBadge } from "~/services/staff-badges";
import { EmptyList, StaffHeading, useActionToast } from "~/web/components/admin/staff-ui";
import { TextField } from "~/web/components/ui/field";
import { Pagination, pageParam } from "~/web/components/ui/pagination";
import { actionError, refusalOf } from "~/web/lib/action-error";
import { staffActor, staffAnswer } from "~/web/lib/staff-console.server";
import type { Route } from "./+types/badges";

export const handle = { title: "Verified badges" };
export const meta: Route.MetaFunction = () => [
  { title: "Verified badges · Staff console · Ticketyboo" },
  { name: "description", content: "Grant or remove hosts' verified badges." },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  staffActor(context);
  const query = new URL(request.url).searchParams;
  return searchHosts(context.database.db, { q: query.get("q") ?? "", page: pageParam(query.get("page")) });
}

const BadgeForm = z.object({
  intent: z.enum(["grant", "remove"]),
  hostId: z.string().min(1, "Choose a host.").max(100, "Choose a host."),
  note: field.text(),
});

export async function action({ context, request }: Route.ActionArgs) {
  const actor = staffActor(context);
  const form = await readForm(request, BadgeForm);
  if (!form.ok) return actionError(form.error, { extra: { ok: false as const, hostId: form.values.hostId ?? "" } });
  const { intent, hostId, note } = form.data;
  const verified = intent === "grant";
  return staffAnswer(
    () => setVerifiedBadge(context.database.db, actor, { hostId, verified, note }),
    verified ? "Badge granted: it shows beside the host's name now." : "Badge removed.",
    { hostId },
  );
}

export default function StaffBadges({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, q } = loaderData;
  useActionToast(actionData);
  const failed = actionData && !actionData.ok ? actionData : null;
  const { fieldErrors } = refusalOf(failed);
  const at = (p: number) => `/admin/badges?${new URLSearchParams({ ...(q ? { q } : {}), page: String(p) })}`;
  return (
    <>
      <StaffHeading title="Verified badges">
        Hosts apply by sending documents to support. Once you have checked them, grant the badge here with a note of
        what you checked; the host is told in their feed.
      </StaffHeading>
      <Form method="get" role="search" className="mt-4 flex max-w-xl items-end gap-2">
        <TextField
          label="Search hosts"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={100}
          placeholder="Name, email, host title or username"
          className="min-w-0 flex-1"
        />
        <button type="submit" className="btn-secondary">
          Search
        </button>
      </Form>
      {total === 0 ? (
        <EmptyList>{q ? `No host matches ‘${q}’.` : "No hosts yet."}</EmptyList>
      ) : (
        <ul className="mt-6 space-y-3">
          {rows.map((h) => (
            <li key={h.id} className="card p-4">
              <h2 className="flex flex-wrap items-center gap-2 font-semibold">
                {h.hostTitle || h.name}
                {h.isVerified ? (
                  <span className="inline-flex items-center gap-1 text-sm font-medium text-success">
                    <BadgeCheck aria-hidden className="size-4" /> Verified
                  </span>
                ) : (
                  <span className="text-sm font-normal text-fg-muted">Not verified</span>
                )}
              </h2>
              <p className="text-sm break-words text-fg-muted">
                {h.name} · {h.email}
                {h.username ? ` · /${h.username}` : ""}
              </p>
              <Form method="post" className="mt-3 flex flex-col gap-2 tablet:flex-row tablet:items-start" noValidate>
                <input type="hidden" name="hostId" value={h.id} />
                <TextField
                  label={h.isVerified ? "Why remove it?" : "What did you check?"}
                  name="note"
                  required
                  maxLength={BADGE_NOTE_LIMITS.max}
                  className="min-w-0 flex-1"
                  error={failed?.hostId === h.id ? fieldErrors.note : undefined}
                />
                <button
                  type="submit"
                  name="intent"
                  value={h.isVerified ? "remove" : "grant"}
                  className={`${h.isVerified ? "btn-secondary" : "btn-primary"} tablet:mt-6`}
                  aria-label={`${h.isVerified ? "Remove the badge from" : "Grant the badge to"} ${
                    h.hostTitle || h.name
                  }`}
                >
                  {h.isVerified ? "Remove badge" : "Grant badge"}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} hrefFor={at} label="Host pages" />
    </>
  );
}
