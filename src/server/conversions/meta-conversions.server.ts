import { createHash } from "node:crypto";
import type { Logger } from "pino";
import type { ConversionEvent, ConversionTracker } from "~/services/conversion-tracker";

export interface MetaConversionsOptions {
  pixelId: string;
  accessToken: string;
  /** The Graph API base, with its version (tests point this at a fake). */
  graphUrl: string;
  logger: Logger;
  /** Give up after this long: tracking must never hold anything up. */
  timeoutMs?: number;
}

/** Meta asks for personal data normalised (trimmed, lower-cased) and SHA-256 hashed, never in the clear. */
const hash = (value: string) => createHash("sha256").update(value.trim().toLowerCase()).digest("hex");

/**
 * Meta's Conversions API: `POST {graph}/{pixel}/events` with a `data` array of server events.
 * See https://developers.facebook.com/docs/marketing-api/conversions-api/parameters.
 */
export function createMetaConversions(options: MetaConversionsOptions): ConversionTracker {
  const endpoint = `${options.graphUrl.replace(/\/$/, "")}/${encodeURIComponent(options.pixelId)}/events`;
  return {
    name: "meta",
    async send(event: ConversionEvent) {
      const body = {
        data: [
          {
            event_name: event.name,
            event_time: Math.floor(event.occurredAt.getTime() / 1000),
            event_id: event.id,
            action_source: "website",
            event_source_url: event.sourceUrl,
            user_data: {
              em: [hash(event.user.email)],
              external_id: [hash(event.user.id)],
              client_ip_address: event.client.ip,
              ...(event.client.userAgent && { client_user_agent: event.client.userAgent }),
            },
            custom_data: {
              currency: event.payment.currency,
              value: event.payment.amountPence / 100,
              content_type: "product",
              contents: event.cart.filter((i) => i.count > 0).map((i) => ({ id: i.ticketTypeId, quantity: i.count })),
              num_items: event.cart.reduce((n, i) => n + i.count, 0),
            },
          },
        ],
        access_token: options.accessToken,
      };
      try {
        const res = await fetch(endpoint, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
        });
        if (!res.ok)
          options.logger.warn({ status: res.status, event: event.name }, "the Conversions API refused an event");
        return { ok: res.ok };
      } catch (error) {
        options.logger.warn({ err: error, event: event.name }, "the Conversions API could not be reached");
        return { ok: false };
      }
    },
  };
}
