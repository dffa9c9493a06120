import { outboxAttachment, requireStaff } from "~/web/lib/email-outbox.server";
import type { Route } from "./+types/outbox-attachment";

/** A stored email's attachment, made as it would be when sent (staff only). */
export async function loader({ context, params }: Route.LoaderArgs) {
  requireStaff(context);
  return outboxAttachment(context, params);
}
