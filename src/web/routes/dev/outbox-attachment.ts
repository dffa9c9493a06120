import { outboxAttachment } from "~/web/lib/email-outbox.server";
import type { Route } from "./+types/outbox-attachment";

/** An outbox email's attachment, made as it would be when sent (dev routes only). */
export async function loader({ context, params }: Route.LoaderArgs) {
  if (!context.devRoutes) throw new Response(null, { status: 404 });
  return outboxAttachment(context, params);
}
