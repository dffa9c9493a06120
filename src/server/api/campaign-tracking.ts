import { Hono } from "hono";
import type { Database } from "~/db/client.server";
import { recordClick, recordOpen } from "~/services/campaign-tracking";
import type { UnsubscribeLinks } from "../email/unsubscribe.server";

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/**
 * Opens and clicks of hosts' campaign emails (decision 0040), through our own site with signed links:
 * - `GET /api/email/open?t=` answers a 1×1 picture and records the recipient's first open (the time
 *   only: no address, no device). Opens are a rough count: many mail apps load pictures for everyone
 *   in advance (Apple Mail), and others never load them.
 * - `GET /api/email/click?t=&u=` records the first click and sends the reader on to `u`, only when
 *   the signature covers that very address, so it is never an open redirect.
 */
export function campaignTrackingRoutes(opts: { database: Database; links: UnsubscribeLinks }) {
  const links = opts.links.campaign;
  return new Hono()
    .get("/open", async (c) => {
      const recipientId = links.verifyOpen(c.req.query("t"));
      if (recipientId) await recordOpen(opts.database.db, { recipientId, now: new Date() });
      return c.body(new Uint8Array(PIXEL), 200, {
        "Content-Type": "image/gif",
        "Cache-Control": "no-store, private",
      });
    })
    .get("/click", async (c) => {
      const url = c.req.query("u") ?? "";
      const recipientId = links.verifyClick(c.req.query("t"), url);
      if (!recipientId || !/^https?:\/\//.test(url))
        return c.json({ error: { code: "not_found", message: "This link isn't valid." } }, 404);
      await recordClick(opts.database.db, { recipientId, now: new Date() });
      return c.redirect(url, 302);
    });
}
