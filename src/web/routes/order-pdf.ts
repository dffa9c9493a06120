import { renderTicketsPdf } from "~/services/ticket-pdf.server";
import { buyersOrderId } from "~/services/get-order";
import { ticketDocuments } from "~/services/ticket-documents";
import { requireUser } from "~/web/lib/signed-in.server";
import type { Route } from "./+types/order-pdf";

/** An order's tickets as one PDF, a page each: the ones its buyer still holds. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const db = context.database.db;
  const orderId = await buyersOrderId(db, { reference: params.reference, userId: user.id });
  const docs = orderId ? await ticketDocuments(db, { orderId, holderId: user.id }) : null;
  if (!docs) throw new Response("No tickets to print", { status: 404 });
  const pdf = await renderTicketsPdf(docs.tickets, { title: `Tickets ${docs.reference}` });
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="tickets-${docs.reference}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
