import { useEffect, useRef, useState, type FormEvent } from "react";
import { useNavigate, useRevalidator, useSubmit } from "react-router";
import type { Basket } from "~/domain/basket";

/**
 * A key for this Checkout, so a retried press finds the hold the first one made (randomUUID needs a secure page;
 * getRandomValues does not).
 */
function newKey(): string {
  if (typeof crypto === "undefined") return "";
  // Typed as always there; in a page served over plain HTTP it is not.
  if (typeof (crypto as Partial<Crypto>).randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The booking panel's Checkout press. Signed in and with JavaScript: the same form, posted to the
 * holds API (the on-sale rush's lean path, decision 0016), then on to the checkout page. A refusal
 * is shown in the panel and the page's data is loaded again (stock, seats, sold out). Signed out,
 * the page's own action takes the form, signing in on the way; so it does whenever the API cannot
 * answer for the basket itself (the session over, a proxy it does not recognise, a network failure).
 *
 * `pageAnswer` is the page action's answer to the last press; the latest answer, whichever way it
 * came, is returned as `error` and `correctedBasket`.
 */
export function useHoldsCheckout({
  slug,
  signedIn,
  pageAnswer,
}: {
  slug: string;
  signedIn: boolean;
  pageAnswer: { error: string | null; correctedBasket: Basket | null };
}) {
  const navigate = useNavigate();
  const submit = useSubmit();
  const revalidator = useRevalidator();
  const [pressing, setPressing] = useState(false);
  /** The holds API's answer to the last Checkout press, when JavaScript made it. */
  const [answer, setAnswer] = useState<{ error: string; basket: Basket | null } | null>(null);
  const idempotencyKey = useRef<string>("");
  idempotencyKey.current ||= newKey();

  // The page's action answered (without JavaScript, or signing in on the way): its answer is the latest.
  useEffect(() => setAnswer(null), [pageAnswer.error, pageAnswer.correctedBasket]);

  const checkout = async (e: FormEvent<HTMLFormElement>) => {
    if (!signedIn) return;
    e.preventDefault();
    const form = e.currentTarget;
    setPressing(true);
    try {
      const unlockKey = new URLSearchParams(window.location.search).get("key");
      const res = await fetch(
        `/api/events/${encodeURIComponent(slug)}/holds${unlockKey ? `?key=${encodeURIComponent(unlockKey)}` : ""}`,
        {
          method: "POST",
          body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>),
        },
      ).catch(() => null);
      const body = (await res?.json().catch(() => null)) as {
        checkout?: string;
        error?: { message?: string; details?: { basket?: Basket; reason?: string } };
      } | null;
      if (res?.status === 201 && body?.checkout) return void (await navigate(body.checkout));
      if (!res || ![404, 409, 422, 429].includes(res.status) || !body?.error?.message) return void (await submit(form));
      // A key someone else's checkout already used can never be this buyer's: start a new one.
      if (body.error.details?.reason === "not_yours") idempotencyKey.current = newKey();
      setAnswer({ error: body.error.message, basket: body.error.details?.basket ?? null });
      revalidator.revalidate();
    } finally {
      setPressing(false);
    }
  };

  return {
    checkout,
    pressing,
    /** Changes after a refusal, so the panel can bring the same message back into view. */
    answer,
    error: answer ? answer.error : pageAnswer.error,
    correctedBasket: answer ? answer.basket : pageAnswer.correctedBasket,
    idempotencyKey: idempotencyKey.current,
  };
}
