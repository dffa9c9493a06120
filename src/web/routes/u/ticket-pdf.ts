import { renderTicketsPdf } from "~/services/ticket-pdf.server";
import { ticketDocuments } from "~/services/ticket-documents";
import { pdfDownload } from "~/web/lib/pdf-download.server";
import { requireUser } from "~/web/lib/signed-in.server";
import { messages } from "~/texts/messages";
import type { Route } from "./+types/ticket-pdf";

/** One ticket as a PDF (its holder's only), to print or keep in a wallet app. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const docs = await ticketDocuments(context.database.db, { ticketId: params.ticketId, holderId: user.id });
  if (!docs) throw new Response(messages.informational.ticketNotFound, { status: 404 });
  return pdfDownload(context, {
    userId: user.id,
    filename: `ticket-${docs.reference}-${params.ticketId.slice(0, 8)}.pdf`,
    render: () => renderTicketsPdf(docs.tickets, { title: `Ticket ${docs.reference}` }),
  });
}
