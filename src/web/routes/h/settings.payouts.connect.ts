import { redirect } from "react-router";
import { isAppError } from "~/lib/app-error";
import { payoutAccount } from "~/services/host-payouts";
import { payoutOnboardingUrl } from "~/web/lib/payout-onboarding.server";
import { requireStudio } from "~/web/lib/studio.server";
import type { Route } from "./+types/settings.payouts.connect";

/**
 * Where the provider sends an owner whose onboarding link went stale (Stripe's `refresh_url`): a
 * fresh link to the account they already have, straight back into onboarding. Without an account
 * (a GET opens none), or past the links a host may have made lately, the payouts page. Anyone else: not found.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { hostId, role } = await requireStudio(context, request, { roles: ["owner"] });
  if (!(await payoutAccount(context.database.db, hostId))) return redirect("/h/settings/payouts");
  try {
    return redirect(await payoutOnboardingUrl(context, { hostId, role }));
  } catch (error) {
    // Too many links lately, or the provider unreachable: the payouts page, whose Connect button says why.
    if (isAppError(error)) return redirect("/h/settings/payouts");
    throw error;
  }
}
