import { useEffect } from "react";
import { data, useNavigation } from "react-router";
import { SeatPlanForm } from "~/domain/seat-plan-form";
import type { SeatLayout, SeatPlanProblem } from "~/domain/seat-layout";
import { AppError, isAppError } from "~/lib/app-error";
import { readForm } from "~/lib/read-form";
import { getSeatPlan } from "~/services/get-seat-plan";
import { saveSeatPlan } from "~/services/save-seat-plan";
import { studioMessages } from "~/texts/studio-messages";
import { SeatPlanEditor } from "~/web/components/studio/seat-plan-editor";
import { toast } from "~/web/components/ui/toast";
import { actionError } from "~/web/lib/action-error";
import { uuidParam } from "~/web/lib/route-params";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import { useHydrated } from "~/web/lib/use-hydrated";
import type { Route } from "./+types/venues.$venueId.seatplan";

export const handle = { title: "Seat plan" };
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Seat plan${loaderData ? ` · ${loaderData.plan.venue.name}` : ""} · Partner Studio · Ticketyboo` },
  { name: "description", content: "The seat plan of a venue: its sections, rows and seats." },
  { name: "robots", content: "noindex" },
];

/** Another host's venue, or none: the page-not-found answer, which says nothing of whose it is. */
function notFoundFor(error: unknown): never {
  if (isAppError(error) && error.code === "not_found") throw data(null, { status: 404 });
  throw error;
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const venueId = uuidParam(params.venueId);
  const plan = await getSeatPlan(context.database.db, { hostId, venueId, now: new Date() }).catch(notFoundFor);
  return { plan };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const venueId = uuidParam(params.venueId);
  const read = await readForm(request, SeatPlanForm);
  if (!read.ok) return actionError(read.error, { extra: { ok: false as const, problems: [], layout: null } });
  const { layout, problems } = read.data;
  try {
    // Characters of a typed plan that mean nothing are named before anything else is judged.
    if (problems.length > 0) throw new AppError("validation_failed", studioMessages.seatPlanError, { problems });
    const saved = await saveSeatPlan(context.database.db, { hostId, venueId, layout, now: new Date() });
    return { ok: true as const, savedAt: Date.now(), seats: saved.seats };
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") notFoundFor(error);
    const found = isAppError(error) ? (error.details?.problems as SeatPlanProblem[] | undefined) : undefined;
    // What was sent comes back, so a refused plan is shown as it was drawn: nothing is lost.
    return actionError(error, {
      extra: { ok: false as const, problems: found ?? [], layout: layout as SeatLayout | null },
    });
  }
}

export default function SeatPlanPage({ loaderData, actionData }: Route.ComponentProps) {
  const { plan } = loaderData;
  const busy = useNavigation().state === "submitting";
  const hydrated = useHydrated();
  const refused = actionData && !actionData.ok ? actionData : null;
  const savedAt = actionData?.ok ? actionData.savedAt : 0;

  useEffect(() => {
    if (actionData?.ok) toast.success(studioMessages.seatPlanSaved);
  }, [actionData]);

  return (
    <div className="py-8 laptop:py-10">
      <p className="text-sm font-semibold text-brand">Partner Studio · {plan.venue.name}</p>
      <h1 className="mt-1 text-3xl font-extrabold tracking-tight">Seat plan</h1>
      <p className="mt-1 max-w-2xl text-fg-muted">
        Draw {plan.venue.name}&rsquo;s seats as buyers will choose them: name the rows, leave gaps for aisles, block
        seats you never sell, mark wheelchair spaces with their companion seats, and group seats into sections sold by
        their own tickets.
      </p>
      {actionData?.ok && !hydrated ? (
        <p role="status" className="mt-4 rounded-xl bg-surface-2 px-3 py-2 text-sm text-success">
          {studioMessages.seatPlanSaved}
        </p>
      ) : null}
      <SeatPlanEditor
        // A refusal shows the plan as it was sent; a save shows it as stored.
        key={refused ? `refused-${JSON.stringify(refused.layout)}` : `saved-${savedAt}`}
        venueName={plan.venue.name}
        seated={plan.seated}
        initial={refused?.layout ?? plan.layout}
        taken={plan.taken}
        sectionSells={plan.sectionSells}
        refusal={refused ? { message: refused.error, problems: refused.problems } : null}
        busy={busy}
      />
    </div>
  );
}
