import { data, redirect, type AppLoadContext } from "react-router";
import type { z } from "zod";
import type { Basket } from "~/domain/basket";
import { normaliseEmail } from "~/domain/account-rules";
import { type CheckoutForm, checkoutRequest } from "~/domain/checkout-form";
import { trackingCodeOfPress } from "~/domain/promote";
import { answerError } from "~/lib/error-table";
import { holdSigningIn, type SignIn } from "~/services/hold-signing-in";
import { messages } from "~/texts/messages";
import { authFailure, authHeaders, cookiesFrom } from "./auth-calls.server";

/**
 * Checkout pressed in a page's form (the event page's booking panel without JavaScript, the
 * widget's booking page): holds the basket for the person signed in, or signs in with the email and
 * password typed beside it and holds it in the same step (spec §5), then goes on to the checkout
 * page. Someone signed out who typed nothing goes to log in and comes back to `back`.
 *
 * Throws the redirect on success; returns the refusal to show beside the basket otherwise:
 * `signInError` (with the email typed) or `checkoutError` (with `correctedBasket` when someone
 * bought the last places first).
 */
export async function pressCheckout(
  request: Request,
  context: AppLoadContext,
  input: {
    slug: string;
    /** Where a person who must log in first comes back to (a local path). */
    back: string;
    form: { email: string; password: string; checkout: z.output<typeof CheckoutForm> };
  },
) {
  const { form, back } = input;
  const buyerId = context.user?.id ?? null;
  let credentials: { email: string; password: string } | null = null;
  if (!buyerId) {
    const email = normaliseEmail(form.email);
    const password = form.password;
    if (!email || !password) throw redirect(`/log-in?redirect=${encodeURIComponent(back)}`);
    credentials = { email, password };
  }
  const checkout = checkoutRequest(
    form.checkout,
    new URL(request.url).searchParams.get("key"),
    context.ticketCodes.unlockKey,
  );
  const signIn: SignIn = async ({ email, password }) => {
    const result = await context.auth.api.signInEmail({
      body: { email, password, rememberMe: true },
      headers: authHeaders(request, context),
      returnHeaders: true,
    });
    return { userId: result.response.user.id, setCookies: cookiesFrom(result.headers).getSetCookie() };
  };
  const result = await holdSigningIn(
    { db: context.database.db, throttle: context.throttle, signIn },
    {
      slug: input.slug,
      buyerId,
      credentials,
      checkout,
      ip: context.clientIp,
      now: new Date(),
      trackingCode: trackingCodeOfPress(request.headers.get("Cookie") ?? "", request.url),
    },
  );
  if (result.kind === "sign-in-failed") {
    const failure = authFailure(result.error, messages.auth.invalidCredentials);
    // The log-in page can show the robot check this account now needs, then come back here.
    if (failure.code === "ROBOT_CHECK_REQUIRED")
      throw redirect(`/log-in?check=robot&redirect=${encodeURIComponent(back)}`);
    return data(
      {
        signInError:
          failure.status === 429 || failure.status >= 500 ? failure.message : messages.auth.invalidCredentials,
        email: credentials?.email ?? "",
      },
      { status: failure.status === 429 ? 429 : 401 },
    );
  }
  const cookies = new Headers();
  for (const cookie of result.setCookies) cookies.append("Set-Cookie", cookie);
  if (result.kind === "held") throw redirect(`/checkout/${result.holdId}`, { headers: cookies });
  const error = result.error;
  if (error.code === "not_found") throw data(null, { status: 404 });
  const basket = (error.details?.basket as Basket | undefined) ?? null;
  // Signed in just now, the person stays signed in even though the tickets could not be held.
  const { status, message } = answerError(error);
  return data({ checkoutError: message, correctedBasket: basket }, { status, headers: cookies });
}
