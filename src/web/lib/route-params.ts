import { data } from "react-router";
import { isUuid } from "~/lib/uuid";

/**
 * A route param that names a row by its uuid (a hold, a ticket): checked before it reaches a query,
 * so a malformed one is the page-not-found answer rather than a database error.
 */
export function uuidParam(value: string | undefined): string {
  if (!isUuid(value)) throw data(null, { status: 404 });
  return value;
}
