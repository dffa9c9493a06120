import { data, redirect } from "react-router";
import { z } from "zod";
import { AppError, isAppError } from "~/lib/app-error";
import { answerError } from "~/lib/error-table";
import { readForm } from "~/lib/read-form";
import { safeRedirect } from "~/lib/safe-redirect";
import { cancelEvent } from "~/services/cancel-event";
import { cancelFreeOrders } from "~/services/cancel-free-orders";
import { changeEventStatus } from "~/services/change-event-status";
import { duplicateEvent } from "~/services/duplicate-event";
import { removeUnshownPictures } from "~/services/event-images";
import { messages } from "~/texts/messages";
import { studioMessages } from "~/texts/studio-messages";
import { lifeCycleMessages } from "~/texts/life-cycle-messages";
import type { EventActionAnswer } from "~/web/components/studio/event-actions";
import { setFlash } from "~/web/lib/flash.server";
import { isDocumentRequest } from "~/web/lib/navigation.server";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import type { Route } from "./+types/events.$eventId.status";

const INTENTS = ["publish", "unpublish", "archive", "delete", "duplicate", "cancel", "cancel_free_orders"] as const;
type Intent = (typeof INTENTS)[number];

const StatusForm = z.object({
  intent: z.enum(INTENTS, { error: "Choose what to do with the event." }),
  /** The page the press came from, to go back to without JavaScript. */
  back: z.string().max(2000).default(""),
});

const s = studioMessages;
const DONE: Record<Exclude<Intent, "duplicate" | "cancel" | "cancel_free_orders">, string> = {
  publish: s.published,
  unpublish: s.unpublished,
  archive: s.archived,
  delete: s.deletedToast,
};

/**
 * An event's life-cycle actions (event-actions.tsx posts here, from the events list and the
 * editor). Each calls its service with the host the guard says this person acts for, so another
 * host's event is not found. A press from a running page answers words for a toast; a plain form
 * post (no JavaScript yet) goes back where it came from with the words as a flash. Deleting never
 * goes back to the deleted event's own pages.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { hostId, user } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const read = await readForm(request, StatusForm, { maxBytes: 8 * 1024 });
  const back = safeRedirect(read.ok ? read.data.back : read.values.back, "/h/events");
  if (!read.ok) return answer(request, back, refusal(read.error));
  const { intent } = read.data;
  const db = context.database.db;
  const input = { eventId: params.eventId, hostId, now: new Date() };
  let result: EventActionAnswer;
  try {
    if (intent === "duplicate") {
      const copy = await duplicateEvent(db, input);
      result = {
        ok: true,
        message: s.duplicated,
        link: { href: `/h/events/${copy.eventId}/edit`, label: lifeCycleMessages.editCopy },
      };
    } else if (intent === "cancel") {
      const done = await cancelEvent(db, context.payments, { ...input, actedBy: user.id });
      result = {
        ok: true,
        message:
          done.refunds.waiting > 0
            ? `${lifeCycleMessages.eventCancelled}. ${lifeCycleMessages.refundsWaiting(done.refunds.waiting)}`
            : lifeCycleMessages.eventCancelled,
      };
    } else if (intent === "cancel_free_orders") {
      const done = await cancelFreeOrders(db, input);
      result = { ok: true, message: lifeCycleMessages.freeOrdersCancelled(done.cancelled) };
    } else {
      const changed = await changeEventStatus(db, { ...input, action: intent });
      result = { ok: true, message: DONE[intent] };
      // A deleted event is never shown again: its pictures' files go, unless another event shows them.
      await removeUnshownPictures(db, context.storage, { hostId, keys: changed.picturesTakenOff }).catch(
        (error: unknown) =>
          console.error("a deleted event's pictures were not removed", { eventId: input.eventId, error }),
      );
    }
  } catch (error) {
    if (!isAppError(error)) console.error("event action failed", { intent, error });
    return answer(request, back, refusal(error, intent));
  }
  if (intent === "delete") {
    // The editor of a deleted event is gone: back to the list (with its search, if it came from there).
    const list = back.startsWith("/h/events?") || back === "/h/events" ? back : "/h/events";
    if (back !== list || isDocumentRequest(request))
      throw redirect(list, { headers: setFlash(new Headers(), { tone: "success", text: result.message }) });
  }
  return answer(request, back, { status: 200, body: result });
}

/** A refusal's status and words: the service's own, else the table's; a failure says which action failed. */
function refusal(error: unknown, intent?: Intent): { status: number; body: EventActionAnswer } {
  const failed = intent === "cancel_free_orders" ? s.cancelFreeOrdersFailed : messages.generic.operationFailed;
  const appError = isAppError(error) ? error : new AppError("internal");
  const { status, message } = answerError(appError, { internal: failed });
  return { status, body: { ok: false, message } };
}

function answer(request: Request, back: string, { status, body }: { status: number; body: EventActionAnswer }) {
  if (isDocumentRequest(request)) {
    const flash = body.ok
      ? { tone: "success" as const, text: body.message, link: body.link }
      : { tone: "error" as const, text: body.message };
    throw redirect(back, { headers: setFlash(new Headers(), flash) });
  }
  return data(body, { status });
}

export function loader() {
  return redirect("/h/events");
}
