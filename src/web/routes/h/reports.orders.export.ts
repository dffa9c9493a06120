import { data } from "react-router";
import { ordersCsvHeader, ordersCsvLines } from "~/domain/orders-report-csv";
import { answeredQuestionLabels, assertHostEvent, hostOrdersForExport, ORDERS_EXPORTS } from "~/services/host-reports";
import { loaded } from "~/web/lib/loaded";
import { readReportQuery } from "~/web/lib/report-query";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import type { Route } from "./+types/reports.orders.export";
import { tryAgainLater } from "~/web/lib/try-again-later.server";

/**
 * The orders report as a CSV file, every order the report's filters match (not just the page shown),
 * with each buyer's checkout answers as columns. Streamed: the orders are read a thousand at a time
 * by keyset and written out as they come, so a host with a hundred thousand orders gets their file
 * without the server holding it. A range that makes no sense is refused with what to fix (400);
 * another host's event is a 404, as everywhere in the Studio. A host's team may have ORDERS_EXPORTS
 * files made in a window (counted per host, before any reading); past it, 429 with Retry-After.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { hostId } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const db = context.database.db;
  const read = readReportQuery(request.url, new Date());
  if (read.problem) throw data(read.problem.message, { status: 400 });
  const counted = await context.throttle.hit(`orders-export:${hostId}`, ORDERS_EXPORTS, new Date());
  if (!counted.allowed) return tryAgainLater(counted.retryAfterMs);
  const query = {
    hostId,
    eventId: read.event || null,
    range: read.range,
    status: read.status || null,
    q: read.q,
  };
  if (query.eventId) await loaded(assertHostEvent(db, hostId, query.eventId));
  const labels = await answeredQuestionLabels(db, query);
  const batches = hostOrdersForExport(db, query);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(ordersCsvHeader(labels)));
    },
    async pull(controller) {
      try {
        const next = await batches.next();
        if (next.done) return controller.close();
        controller.enqueue(encoder.encode(ordersCsvLines(next.value, labels)));
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  const fileName = `orders-${read.range.from}-to-${read.range.to}.csv`;
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
