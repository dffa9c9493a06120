import type { Db } from "~/db/client.server";
import type { CheckoutRequest } from "~/domain/checkout-form";
import { type AppError, isAppError } from "~/lib/app-error";
import { countCodeTry, HOLD_LIMITS } from "./booking-limits";
import { holdTickets } from "./hold-tickets";
import type { Throttle } from "./throttle";

/**
 * Signing in, as the server's auth does it (better-auth, with its own limits and robot check): the
 * person's id and the cookies to pass on, or a throw the caller turns into words.
 */
export type SignIn = (credentials: {
  email: string;
  password: string;
}) => Promise<{ userId: string; setCookies: string[] }>;

export type HoldSigningInResult =
  | { kind: "held"; holdId: string; setCookies: string[] }
  /** The credentials were refused (the error is the auth's, for the caller to put into words). */
  | { kind: "sign-in-failed"; error: unknown }
  /** Signed in (or already), but the places could not be held; the person stays signed in. */
  | { kind: "not-held"; error: AppError; setCookies: string[] };

/**
 * The event page's checkout press without JavaScript (the panel posts `POST /api/events/{slug}/holds`
 * when it runs, the same press): holds the basket for the person signed in, or, for someone signed
 * out who typed their email and password in the panel, signs them in on the way and holds it for
 * them in the same step (spec §5). A code typed with the basket counts towards the code-try limit.
 */
export async function holdSigningIn(
  deps: { db: Db; throttle: Throttle; signIn: SignIn },
  input: {
    slug: string;
    buyerId: string | null;
    credentials: { email: string; password: string } | null;
    checkout: CheckoutRequest;
    ip: string;
    now: Date;
    /** The tracking link the buyer came through, if any (decision 0039). */
    trackingCode?: string | null;
  },
): Promise<HoldSigningInResult> {
  let buyerId = input.buyerId;
  let setCookies: string[] = [];
  if (!buyerId && input.credentials) {
    try {
      const signedIn = await deps.signIn(input.credentials);
      buyerId = signedIn.userId;
      setCookies = signedIn.setCookies;
    } catch (error) {
      return { kind: "sign-in-failed", error };
    }
  }
  try {
    if (input.checkout.coupon) await countCodeTry(deps.throttle, { ip: input.ip, userId: buyerId }, input.now);
    const held = await holdTickets(deps.db, {
      slug: input.slug,
      userId: buyerId,
      ...input.checkout,
      now: input.now,
      ip: input.ip,
      limits: HOLD_LIMITS,
      trackingCode: input.trackingCode ?? null,
    });
    return { kind: "held", holdId: held.holdId, setCookies };
  } catch (error) {
    if (!isAppError(error)) throw error;
    return { kind: "not-held", error, setCookies };
  }
}
