import { ExternalLink } from "lucide-react";
import { Form } from "react-router";
import { z } from "zod";
import { formatTimestamp } from "~/lib/format";
import { readForm } from "~/lib/read-form";
import { isUuid } from "~/lib/uuid";
import { listSubmittedEvents, reviewSubmittedEvent, type SuggestionState } from "~/services/staff-inbox";
import { EmptyList, StaffHeading, StateTabs, useActionToast } from "~/web/components/admin/staff-ui";
import { Pagination, pageParam } from "~/web/components/ui/pagination";
import { actionError } from "~/web/lib/action-error";
import { staffActor, staffAnswer } from "~/web/lib/staff-console.server";
import type { Route } from "./+types/submitted-events";

export const handle = { title: "Submitted events" };
export const meta: Route.MetaFunction = () => [
  { title: "Submitted events · Staff console · Ticketyboo" },
  { name: "description", content: "Events visitors have suggested by link." },
  { name: "robots", content: "noindex" },
];

const STATES: { id: SuggestionState; label: string; empty: string }[] = [
  { id: "new", label: "New", empty: "No new suggestions: every one has been looked at." },
  { id: "reviewed", label: "Reviewed", empty: "None reviewed yet." },
  { id: "rejected", label: "Rejected", empty: "None rejected." },
];
const isState = (v: string | null): v is SuggestionState => STATES.some((s) => s.id === v);

export async function loader({ context, request }: Route.LoaderArgs) {
  staffActor(context);
  const query = new URL(request.url).searchParams;
  const raw = query.get("state");
  const state: SuggestionState = isState(raw) ? raw : "new";
  const list = await listSubmittedEvents(context.database.db, { state, page: pageParam(query.get("page")) });
  return {
    state,
    ...list,
    rows: list.rows.map((s) => ({
      id: s.id,
      url: s.url,
      note: s.note,
      email: s.email,
      sentLabel: formatTimestamp(s.createdAt),
      reviewedLabel: s.reviewedAt ? formatTimestamp(s.reviewedAt) : null,
    })),
  };
}

const ReviewForm = z.object({
  status: z.enum(["new", "reviewed", "rejected"], "Choose what to do with it."),
  id: z.string().refine(isUuid, "Choose a suggestion."),
});

export async function action({ context, request }: Route.ActionArgs) {
  const actor = staffActor(context);
  const form = await readForm(request, ReviewForm);
  if (!form.ok) return actionError(form.error, { extra: { ok: false as const } });
  const { status, id } = form.data;
  return staffAnswer(
    () => reviewSubmittedEvent(context.database.db, actor, { id, status }, new Date()),
    { new: "Back with the new ones.", reviewed: "Marked reviewed.", rejected: "Rejected." }[status],
  );
}

export default function StaffSubmittedEvents({ loaderData, actionData }: Route.ComponentProps) {
  const { state, rows, total, page, pageCount } = loaderData;
  useActionToast(actionData);
  const at = (s: SuggestionState, p = 1) => `/admin/submitted-events?state=${s}${p > 1 ? `&page=${p}` : ""}`;
  return (
    <>
      <StaffHeading title="Submitted events">
        Events visitors suggested from the submit-an-event page. Open the link, then mark it reviewed (followed up or
        listed) or rejected.
      </StaffHeading>
      <StateTabs
        label="Which suggestions"
        tabs={STATES.map((s) => ({ label: s.label, to: at(s.id), active: s.id === state }))}
      />
      {total === 0 ? (
        <EmptyList>{STATES.find((s) => s.id === state)!.empty}</EmptyList>
      ) : (
        <ul className="mt-6 space-y-3">
          {rows.map((s) => (
            <li key={s.id} className="card p-4">
              <p className="text-xs text-fg-muted">
                {s.sentLabel}
                {s.reviewedLabel ? ` · ${state} ${s.reviewedLabel}` : ""}
              </p>
              <h2 className="mt-1 font-semibold break-all">
                <a href={s.url} target="_blank" rel="noopener noreferrer nofollow" className="link inline-flex gap-1">
                  {s.url} <ExternalLink aria-hidden className="mt-1 size-3.5 shrink-0" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </h2>
              {s.note ? <p className="mt-1 text-sm break-words whitespace-pre-line text-fg-muted">{s.note}</p> : null}
              <p className="mt-1 text-sm">
                {s.email ? (
                  <a href={`mailto:${s.email}`} className="link">
                    {s.email}
                  </a>
                ) : (
                  <span className="text-fg-muted">No email left</span>
                )}
              </p>
              <Form method="post" className="mt-3 flex flex-wrap gap-2">
                <input type="hidden" name="id" value={s.id} />
                {STATES.filter((o) => o.id !== state).map((o) => (
                  <button key={o.id} type="submit" name="status" value={o.id} className="btn-secondary">
                    {{ new: "Move back to new", reviewed: "Mark reviewed", rejected: "Reject" }[o.id]}
                  </button>
                ))}
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} hrefFor={(p) => at(state, p)} label="Suggestion pages" />
    </>
  );
}
