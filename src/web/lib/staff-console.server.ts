import type { StaffActor } from "~/services/audit-log";
import type { TicketybooContext } from "~/web/load-context";
import { actionError } from "./action-error";
import { requireStaff } from "./email-outbox.server";

/** The signed-in staff member, as the audit log names them; everyone else gets the 404 page. */
export function staffActor(context: Pick<TicketybooContext, "user">): StaffActor {
  requireStaff(context);
  return { id: context.user!.id, email: context.user!.email };
}

/**
 * A console action's answer: `{ ok: true, message }` when the service did it, else the refusal
 * (`actionError`: its status, words for the form and for each field) with `ok: false` and `extra`.
 */
export async function staffAnswer<Extra extends object = object>(
  run: () => Promise<unknown>,
  message: string,
  extra?: Extra,
) {
  try {
    await run();
    return { ok: true as const, message };
  } catch (error) {
    return actionError(error, { extra: { ok: false as const, ...(extra as Extra) } });
  }
}
