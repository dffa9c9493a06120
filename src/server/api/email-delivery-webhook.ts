import { timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { AppError } from "~/lib/app-error";
import { readJson } from "~/lib/read-form";
import { recordDeliveryProblem } from "~/services/campaign-tracking";
import { EMAIL_ID_METADATA } from "../email/mailer.server";
import { errorResponse } from "../errors";

/** Postmark's bounce types that mean the address will never take mail: unsubscribed at once, like a complaint. */
const PERMANENT = new Set(["HardBounce", "BadEmailAddress", "ManuallyDeactivated", "Blocked"]);

// The fields of Postmark's Bounce and SpamComplaint webhooks we read; the rest of each is ignored.
const PostmarkEvent = z.object({
  RecordType: z.string().max(40),
  Type: z.string().max(60).optional(),
  Inactive: z.boolean().optional(),
  Metadata: z.record(z.string().max(100), z.unknown()).optional(),
});

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `POST /api/webhooks/postmark`: bounces and spam complaints from Postmark (mail sent through its SMTP
 * server), as its bounce and spam-complaint webhooks send them, secured as Postmark secures them, with
 * HTTP Basic credentials in the webhook's address (`EMAIL_WEBHOOK_USER`, `EMAIL_WEBHOOK_PASSWORD`).
 * Each email names itself in the metadata Postmark echoes back (`email-id`), so only our own emails
 * are matched; a complaint, or a bounce Postmark calls permanent, unsubscribes the address from that
 * host (decision 0040). Anything else Postmark sends (deliveries, opens, soft bounces) is acknowledged
 * and changes nothing, so Postmark does not retry it.
 */
export function emailDeliveryWebhookRoutes(deps: { database: Database; user: string; password: string }) {
  const expected = `Basic ${Buffer.from(`${deps.user}:${deps.password}`).toString("base64")}`;
  return new Hono().post("/", async (c) => {
    if (!sameSecret(c.req.header("Authorization") ?? "", expected)) {
      c.header("WWW-Authenticate", 'Basic realm="email webhooks"');
      return errorResponse(c, new AppError("unauthenticated"));
    }
    const read = await readJson(c.req.raw, PostmarkEvent, { maxBytes: 256 * 1024 });
    if (!read.ok) return errorResponse(c, read.error);
    const event = read.data;
    // Header names are not case-sensitive, and our mail library writes this one as `X-Pm-Metadata-Email-ID`:
    // the key Postmark echoes back is matched whatever its case.
    const emailId = Object.entries(event.Metadata ?? {}).find(([key]) => key.toLowerCase() === EMAIL_ID_METADATA)?.[1];
    const kind = event.RecordType === "SpamComplaint" ? "complaint" : event.RecordType === "Bounce" ? "bounce" : null;
    if (!kind || typeof emailId !== "string") return c.json({ received: true, recorded: false });
    const permanent = kind === "complaint" || event.Inactive === true || PERMANENT.has(event.Type ?? "");
    const recorded = await recordDeliveryProblem(deps.database.db, {
      emailMessageId: emailId,
      kind,
      permanent,
      now: new Date(),
    });
    return c.json({ received: true, recorded });
  });
}
