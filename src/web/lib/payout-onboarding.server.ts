import type { AppLoadContext } from "react-router";
import type { HostRole } from "~/db/schema";
import { startPayoutOnboarding } from "~/services/host-payouts";

/**
 * A fresh onboarding link at the payments provider for the host's payouts account: the payouts page's
 * Connect button and the provider's return for a stale link both ask for it this way.
 */
export async function payoutOnboardingUrl(context: AppLoadContext, host: { hostId: string; role: HostRole }) {
  const { url } = await startPayoutOnboarding(context.database.db, context.payments, {
    ...host,
    publicUrl: context.publicUrl,
    now: new Date(),
    throttle: context.throttle,
  });
  return url;
}
