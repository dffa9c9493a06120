import { renderTicketsPdf } from "~/services/ticket-pdf.server";
import { buyersOrderId } from "~/services/get-order";
import { ticketDocuments } from "~/services/ticket-documents";
import { pdfDownload } from "~/web/lib/pdf-download.server";
import { requireUser } from "~/web/lib/signed-in.server";
import type { Route } from "./+types/order-pdf";

/** An order's tickets as one PDF, a page each: the ones its buyer still holds. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const db = context.database.db;
  const orderId = await buyersOrderId(db, { reference: params.reference, userId: user.id });
  const docs = orderId ? await ticketDocuments(db, { orderId, holderId: user.id }) : null;
  if (!docs) throw new Response("No tickets to print", { status: 404 });
  return pdfDownload(context, {
    userId: user.id,
    filename: `tickets-${docs.reference}.pdf`,
    render: () => renderTicketsPdf(docs.tickets, { title: `Tickets ${docs.reference}` }),
  });
}
