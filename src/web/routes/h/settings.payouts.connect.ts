import { redirect } from "react-router";
import { payoutAccount, startPayoutOnboarding } from "~/services/host-payouts";
import { requireStudio } from "~/web/lib/studio.server";
import type { Route } from "./+types/settings.payouts.connect";

/**
 * Where the provider sends an owner whose onboarding link went stale (Stripe's `refresh_url`): a
 * fresh link to the account they already have, straight back into onboarding. Without an account
 * (a GET opens none), the payouts page. Anyone else: not found.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { hostId, role } = await requireStudio(context, request, { roles: ["owner"] });
  if (!(await payoutAccount(context.database.db, hostId))) return redirect("/h/settings/payouts");
  const { url } = await startPayoutOnboarding(context.database.db, context.payments, {
    hostId,
    role,
    publicUrl: context.publicUrl,
    now: new Date(),
  });
  return redirect(url);
}
