import { redirect } from "react-router";
import { startPayoutOnboarding } from "~/services/host-payouts";
import { requireStudio } from "~/web/lib/studio.server";
import type { Route } from "./+types/settings.payouts.connect";

/**
 * Where the provider sends an owner whose onboarding link went stale (Stripe's `refresh_url`): a
 * fresh link, straight back into onboarding. Anyone else: not found.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { hostId, role } = await requireStudio(context, request, { roles: ["owner"] });
  const { url } = await startPayoutOnboarding(context.database.db, context.payments, {
    hostId,
    role,
    publicUrl: context.publicUrl,
    now: new Date(),
  });
  return redirect(url);
}
