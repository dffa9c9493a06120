import { data } from "react-router";
import { AppError } from "~/lib/app-error";
import { answerError } from "~/lib/error-table";

/**
 * A loader's service call, answered through the one error table: a service's AppError becomes
 * that status's page (another host's event, a malformed id: `not_found`, the 404 page, which says
 * nothing of whose it was). Anything else is thrown on, for the error boundary and the log.
 *
 *   const header = await loaded(studioEventHeader(db, { hostId, eventId: params.eventId }));
 */
export async function loaded<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw data(null, { status: answerError(error).status });
  }
}
