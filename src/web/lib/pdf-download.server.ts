import type { AppLoadContext } from "react-router";
import type { ThrottleRule } from "~/services/throttle";
import { tryAgainLater } from "./try-again-later.server";

/**
 * PDFs a person may have made for them (tickets, receipts) in a window: plenty to print every
 * ticket of a big order twice, few enough that nobody can keep the server drawing PDFs on a loop.
 */
export const PDF_DOWNLOADS: ThrottleRule = { limit: 30, windowMs: 10 * 60_000 };

/**
 * A PDF download for a signed-in person, counted against PDF_DOWNLOADS before it is drawn: over the
 * limit, 429 with Retry-After and the spec's "try again" words, and nothing is rendered.
 */
export async function pdfDownload(
  context: AppLoadContext,
  opts: { userId: string; filename: string; render: () => Promise<Buffer> },
): Promise<Response> {
  const counted = await context.throttle.hit(`pdf:${opts.userId}`, PDF_DOWNLOADS, new Date());
  if (!counted.allowed) return tryAgainLater(counted.retryAfterMs);
  const pdf = await opts.render();
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${opts.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
