import {
  Archive,
  Ban,
  Copy,
  Eye,
  EyeOff,
  MoreHorizontal,
  Pencil,
  Send,
  Trash2,
  UserX,
  type LucideIcon,
} from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { Link, useFetcher, useLocation, useNavigate } from "react-router";
import type { DisplayStatus, MenuAction, MenuItem } from "~/domain/event-life-cycle";
import { lifeCycleMessages } from "~/texts/life-cycle-messages";
import { toast } from "~/web/components/ui/toast";
import { useAskFirst } from "~/web/lib/use-ask-first";
import { PopoverDetails } from "./popover-details";

/** What the status route answers a press made from a running page (src/web/routes/h/events.$eventId.status.ts). */
export type EventActionAnswer =
  { ok: true; message: string; link?: { href: string; label: string } } | { ok: false; message: string };

export interface ActionsEvent {
  id: string;
  name: string;
  slug: string;
  status: DisplayStatus;
  /** Tickets standing, for the confirmation's words. */
  paidTickets: number;
  freeTickets: number;
  menu: MenuItem[];
}

const ICONS: Record<MenuAction, LucideIcon> = {
  publish: Send,
  unpublish: EyeOff,
  duplicate: Copy,
  archive: Archive,
  cancel: Ban,
  delete: Trash2,
  cancel_free_orders: UserX,
};
const DANGER: readonly MenuAction[] = ["cancel", "delete", "cancel_free_orders"];

export const eventStatusAction = (eventId: string) => `/h/events/${eventId}/status`;

/**
 * An event's actions (spec §4's life cycle), for the events list and the editor: a menu of what
 * the host may do now, each refused one shown with its reason. Every action is a real form posted
 * to the event's status route; with JavaScript it goes through a fetcher, asks first in the app's
 * confirmation dialog where it can't be undone, and answers with a toast.
 */
/** Says each answer of the status route once, as a toast (with its link, such as the event's page). */
function useAnswerToasts(answer: EventActionAnswer | undefined) {
  const navigate = useNavigate();
  const shown = useRef<EventActionAnswer | undefined>(undefined);
  useEffect(() => {
    // At once, not when idle: a deleted event's row is gone once the list has loaded again.
    if (!answer || shown.current === answer) return;
    shown.current = answer;
    if (!answer.ok) return void toast.error(answer.message);
    const link = answer.link;
    toast.success(
      answer.message,
      link ? { action: { label: link.label, onClick: () => void navigate(link.href) }, duration: 10_000 } : undefined,
    );
  }, [answer, navigate]);
}

/**
 * A draft's (or an unpublished event's) way on sale in plain view, in the editor's frame: Publish when it
 * may go, else what it still needs. The actions menu offers the same.
 */
export function PublishPrompt({ event: e }: { event: ActionsEvent }) {
  const fetcher = useFetcher<EventActionAnswer>();
  const location = useLocation();
  useAnswerToasts(fetcher.data);
  const publish = e.menu.find((m) => m.action === "publish");
  if (!publish || (e.status !== "draft" && e.status !== "unpublished")) return null;
  return (
    <fetcher.Form
      method="post"
      action={eventStatusAction(e.id)}
      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-border bg-surface-2 p-4"
    >
      <input type="hidden" name="back" value={`${location.pathname}${location.search}`} />
      <p className="min-w-0 text-sm">
        <strong>Not on sale yet.</strong>{" "}
        {publish.verdict.ok ? "Publish it when you're ready: buyers can book straight away." : publish.verdict.message}
      </p>
      {publish.verdict.ok ? (
        <button type="submit" name="intent" value="publish" className="btn-primary" disabled={fetcher.state !== "idle"}>
          <Send aria-hidden className="size-4" /> Publish now
        </button>
      ) : null}
    </fetcher.Form>
  );
}

export function EventActions({ event: e, label = "Actions" }: { event: ActionsEvent; label?: string }) {
  const fetcher = useFetcher<EventActionAnswer>();
  const askFirst = useAskFirst(fetcher.submit);
  const location = useLocation();
  const idBase = useId();
  const busy = fetcher.state !== "idle";
  useAnswerToasts(fetcher.data);

  const ask = askFirst((_form, submitter) => {
    const action = submitter?.value as MenuAction | undefined;
    const s = lifeCycleMessages;
    if (action === "archive") return s.confirmArchive(e.name);
    if (action === "cancel") return { ...s.confirmCancel(e.name, e.paidTickets), tone: "danger" };
    if (action === "delete") return { ...s.confirmDelete(e.name), tone: "danger" };
    if (action === "cancel_free_orders") return { ...s.confirmCancelFreeOrders(e.freeTickets), tone: "danger" };
    return null;
  });

  const item = "flex min-h-10 w-full items-center gap-3 rounded-xl px-3 text-left text-sm";
  return (
    <PopoverDetails
      summaryClassName="inline-grid size-10 cursor-pointer place-items-center rounded-full text-fg-muted
        hover:bg-surface-2 hover:text-fg"
      panelClassName="w-72"
      summary={
        <>
          <MoreHorizontal aria-hidden className="size-5" />
          <span className="sr-only">
            {label}: {e.name}
          </span>
        </>
      }
    >
      {(close) => (
        <>
          <ul className="border-b border-border pb-1">
            {e.status !== "cancelled" && e.status !== "archived" ? (
              <li>
                <Link to={`/h/events/${e.id}/edit`} className={`${item} hover:bg-surface-2`}>
                  <Pencil aria-hidden className="size-4" /> Edit
                </Link>
              </li>
            ) : null}
            {e.status === "published" || e.status === "cancelled" ? (
              <li>
                <Link to={`/events/${e.slug}`} className={`${item} hover:bg-surface-2`}>
                  <Eye aria-hidden className="size-4" /> View event page
                </Link>
              </li>
            ) : null}
          </ul>
          <fetcher.Form
            method="post"
            action={eventStatusAction(e.id)}
            onSubmit={(event) => {
              ask(event);
              close();
            }}
            className="pt-1"
          >
            <input type="hidden" name="back" value={`${location.pathname}${location.search}`} />
            <ul>
              {e.menu.map(({ action, verdict }) => {
                const Icon = ICONS[action];
                const why = `${idBase}-${action}-why`;
                return (
                  <li key={action}>
                    <button
                      type="submit"
                      name="intent"
                      value={action}
                      disabled={busy || !verdict.ok}
                      aria-describedby={verdict.ok ? undefined : why}
                      className={`${item} ${
                        verdict.ok ? "hover:bg-surface-2" : "cursor-not-allowed text-fg-muted"
                      } ${verdict.ok && DANGER.includes(action) ? "text-danger" : ""}`}
                    >
                      <Icon aria-hidden className="size-4 shrink-0" />
                      {lifeCycleMessages.actions[action]}
                    </button>
                    {verdict.ok ? null : (
                      <p id={why} className="px-3 pb-2 pl-10 text-xs text-fg-muted">
                        {verdict.message}
                      </p>
                    )}
                  </li>
                );
              })}
            </ul>
          </fetcher.Form>
        </>
      )}
    </PopoverDetails>
  );
}
