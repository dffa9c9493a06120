import type { Context } from "hono";
import { answerError } from "~/lib/error-table";

/**
 * The JSON answer for an error: `{ error: { code, message, details, requestId } }`, with the status
 * and words of the one error table (src/lib/error-table.ts), as a page's action answers through
 * `actionError`. A form's field errors are in `details.fields`.
 */
export function errorResponse(c: Context, error: unknown) {
  const { code, status, message, details } = answerError(error);
  return c.json({ error: { code, message, details, requestId: c.get("requestId") } }, status);
}
