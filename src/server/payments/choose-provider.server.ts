import type { Db } from "~/db/client.server";
import type { PaymentProvider } from "~/services/payment-provider";
import type { Config } from "../config.server";
import { createStripeProvider } from "./stripe.server";
import { createTestProvider, type TestProviderPage } from "./test-provider.server";

/**
 * The card-payment provider this instance uses: Stripe Checkout when STRIPE_SECRET_KEY is set,
 * otherwise the built-in test provider, whose hosted page (`/pay/test/…`) is served only then.
 */
export function choosePaymentProvider(
  config: Pick<Config, "stripe" | "publicUrl">,
  db: Db,
): { payments: PaymentProvider; testPayments: TestProviderPage | null } {
  if (config.stripe) {
    const payments = createStripeProvider({
      secretKey: config.stripe.secretKey,
      webhookSecret: config.stripe.webhookSecret,
      apiHost: config.stripe.apiUrl,
    });
    return { payments, testPayments: null };
  }
  const testPayments = createTestProvider(db, config.publicUrl);
  return { payments: testPayments, testPayments };
}
