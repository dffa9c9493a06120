/**
 * Conversion tracking (spec §5, §7): an add-to-cart or purchase told to an advertising platform so
 * hosts can measure their promotions. Off unless configured, and only with statistics consent.
 */

export interface ConversionCartItem {
  ticketTypeId: string;
  count: number;
}

export type ConversionSkip =
  /** No tracker is configured, or the request did not come from the production site. */
  | "not_production"
  /** No statistics consent. */
  | "no_consent"
  /** Nobody is signed in, so there is no user info to send. */
  | "no_user"
  /** The cart has items, but every count is 0. */
  | "empty_cart";

/**
 * Spec §5: tracking is skipped when the origin is not the production site, when the user info is
 * empty, or when the cart has items but every count is 0; and, as for every measurement here, when
 * the visitor has not allowed statistics.
 */
export function conversionSkip(input: {
  /** The site's own origins when a tracker is configured (PUBLIC_URL's), else none. */
  productionOrigins: readonly string[];
  /** The request's Origin header. */
  origin: string | null;
  statisticsConsent: boolean;
  user: { id: string; email: string } | null;
  cart: readonly ConversionCartItem[];
}): ConversionSkip | null {
  const origin = input.origin ? normaliseOrigin(input.origin) : "";
  if (!origin || !input.productionOrigins.some((o) => normaliseOrigin(o) === origin)) return "not_production";
  if (!input.statisticsConsent) return "no_consent";
  if (!input.user || !input.user.id || !input.user.email) return "no_user";
  if (input.cart.length > 0 && input.cart.every((i) => i.count === 0)) return "empty_cart";
  return null;
}

function normaliseOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "";
  }
}

/** Spec §9: add-to-cart events are sent after the basket has been still for this long. */
export const ADD_TO_CART_DEBOUNCE_MS = 1000;
