import { ticketAttachments } from "~/server/email/after-sale-emails.server";
import { getEmailMessage } from "~/services/list-email-messages";
import type { Route } from "./+types/outbox-attachment";

/** An outbox email's attachment, made as it would be when sent (dev routes only). */
export async function loader({ context, params }: Route.LoaderArgs) {
  if (!context.devRoutes) throw new Response(null, { status: 404 });
  const message = await getEmailMessage(context.database.db, params.id);
  const ref = message?.attachments[Number(params.index)];
  const file = ref ? await ticketAttachments(context.database.db)(ref) : null;
  if (!file) throw new Response("No such attachment", { status: 404 });
  return new Response(new Uint8Array(file.content), { headers: { "Content-Type": file.contentType, "Content-Disposition": `attachment; filename="${file.filename}"` } });
}
