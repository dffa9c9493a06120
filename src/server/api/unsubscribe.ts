import { Hono } from "hono";
import type { Database } from "~/db/client.server";
import { unsubscribeFromHost } from "~/services/campaign-tracking";
import { updateEmailPreferences } from "~/services/update-email-preferences";
import type { UnsubscribeLinks } from "../email/unsubscribe.server";

/**
 * RFC 8058 one-click unsubscribe: a mail app POSTs `List-Unsubscribe=One-Click` to the address in
 * the email's List-Unsubscribe header, without cookies or a page. The signed token says who; the
 * day-before reminders are turned off, or, for a host's campaign (decision 0040), that address leaves
 * every audience of that host. (People who click the link in the email get a page instead,
 * at /email/unsubscribe.)
 */
export function unsubscribeRoutes(opts: { database: Database; links: UnsubscribeLinks }) {
  return new Hono().post("/", async (c) => {
    const fromHost = opts.links.campaign.verifyHost(c.req.query("token"));
    if (fromHost) {
      await unsubscribeFromHost(opts.database.db, { ...fromHost, source: "one_click" });
      return c.body(null, 204);
    }
    const userId = opts.links.verify(c.req.query("token"));
    if (!userId) return c.json({ error: { code: "not_found", message: "This unsubscribe link isn't valid." } }, 404);
    // A failure is an error the mail app sees (and may retry), never a 204 that says it worked.
    await updateEmailPreferences(opts.database.db, {
      userId,
      changes: { notifyEventReminders: false },
      now: new Date(),
    });
    return c.body(null, 204);
  });
}
