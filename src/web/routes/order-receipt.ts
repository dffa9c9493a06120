import { orderReceipt } from "~/services/order-receipt";
import { renderReceiptPdf } from "~/services/receipt-pdf.server";
import { pdfDownload } from "~/web/lib/pdf-download.server";
import { requireUser } from "~/web/lib/signed-in.server";
import type { Route } from "./+types/order-receipt";

/** An order's receipt as a PDF, for the buyer who placed it (anyone else: 404, as for the order page). */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const receipt = await orderReceipt(context.database.db, { reference: params.reference, userId: user.id });
  if (!receipt) throw new Response("No such order", { status: 404 });
  return pdfDownload(context, {
    userId: user.id,
    filename: `receipt-${receipt.reference}.pdf`,
    render: () => renderReceiptPdf(receipt),
  });
}
