import { ExternalLink } from "lucide-react";
import { Link, Outlet } from "react-router";
import { formatEventDateTimeWithYear } from "~/lib/format";
import { eventActionsFor } from "~/services/list-host-events";
import { studioEventHeader } from "~/services/studio-event";
import { EventActions, PublishPrompt } from "~/web/components/studio/event-actions";
import { EventTabs } from "~/web/components/studio/event-tabs";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import { loaded } from "~/web/lib/loaded";
import type { Route } from "./+types/events.$eventId.edit";
import { eventStatusWord } from "~/web/lib/event-status-word";

export const handle = { title: "Edit event" };

/** The editor's frame: which event, where it stands, and its sub-views. Each sub-view asks the guard again. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const db = context.database.db;
  const header = await loaded(studioEventHeader(db, { hostId, eventId: params.eventId }));
  // What the host may do with it next (publish, archive, cancel…), each allowed or with the reason.
  const actions = await eventActionsFor(db, { hostId, eventId: header.id });
  return { header, actions };
}

export default function EventEditor({ loaderData }: Route.ComponentProps) {
  const { header, actions } = loaderData;
  return (
    <div className="flex flex-col gap-6 py-6 pb-24 laptop:pb-10">
      <div className="flex flex-col gap-2">
        <Link to="/h/events" className="text-sm font-medium text-fg-muted hover:text-fg">
          ← All events
        </Link>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <h1 className="text-2xl font-bold break-words">{header.name}</h1>
          <span className="rounded-full bg-surface-2 px-2.5 py-0.5 text-xs font-semibold text-fg-muted">
            {eventStatusWord(header, actions.ended)}
          </span>
          <div className="ml-auto">
            <EventActions event={actions} />
          </div>
        </div>
        <p className="text-sm text-fg-muted">
          {formatEventDateTimeWithYear(header.startsAt)}
          {header.status === "published" ? (
            <>
              {" · "}
              <Link to={`/events/${header.slug}`} className="inline-flex items-center gap-1 font-medium text-brand">
                View on Ticketyboo <ExternalLink aria-hidden className="size-3.5" />
              </Link>
            </>
          ) : null}
        </p>
        <PublishPrompt event={actions} />
      </div>
      <EventTabs eventId={header.id} />
      <Outlet />
    </div>
  );
}
