/**
 * Where conversions go: an advertising platform's server-side API (Meta's Conversions API when
 * configured), or nowhere. The browser never talks to the platform; our server does, after the
 * rules in src/domain/conversions.ts.
 */
export interface ConversionEvent {
  name: "AddToCart" | "Purchase";
  /** Our id for this event, so the platform can drop duplicates. */
  id: string;
  occurredAt: Date;
  /** The page it happened on. */
  sourceUrl: string;
  user: { id: string; email: string };
  client: { ip: string; userAgent: string | null };
  payment: { amountPence: number; currency: "GBP" | "EUR" };
  cart: { ticketTypeId: string; count: number }[];
}

export interface ConversionTracker {
  readonly name: string;
  /** Sends one event; only whether the platform accepted it matters (spec §7). Never throws. */
  send(event: ConversionEvent): Promise<{ ok: boolean }>;
}
