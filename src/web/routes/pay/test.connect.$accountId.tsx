import { Landmark } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { readForm } from "~/lib/read-form";
import { actionError } from "~/web/lib/action-error";
import type { Route } from "./+types/test.connect.$accountId";

export const meta: Route.MetaFunction = () => [
  { title: "Test payout account · Ticketyboo" },
  { name: "robots", content: "noindex" },
];

/**
 * The test provider's stand-in for Stripe's hosted onboarding: a simulated payout account is
 * "completed" here with nothing asked for (no identity, no bank details), and the host goes back to
 * where the account link said. Only mounted while the test provider is in use.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!context.testPayments) throw data(null, { status: 404 });
  const account = await context.testPayments.connectedAccount(params.accountId);
  if (!account) throw data(null, { status: 404 });
  return { businessName: account.businessName, email: account.email, complete: account.detailsSubmitted };
}

const OnboardingForm = z.object({ intent: z.enum(["complete", "leave"]) });

export async function action({ params, request, context }: Route.ActionArgs) {
  if (!context.testPayments) throw data(null, { status: 404 });
  if (!(await context.testPayments.connectedAccount(params.accountId))) throw data(null, { status: 404 });
  const form = await readForm(request, OnboardingForm);
  if (!form.ok) return actionError(form.error);
  throw redirect(await context.testPayments.finishOnboarding(params.accountId, form.data.intent === "complete"));
}

export default function TestOnboarding({ loaderData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <div className="container-page grid min-h-[70dvh] max-w-md place-items-center py-10">
      <div className="card w-full p-6">
        <p className="rounded-xl bg-warning-soft px-3 py-2 text-sm font-medium">
          Test payouts: this page stands in for the payment provider&apos;s onboarding. No money moves and no bank
          details are asked for.
        </p>
        <h1 className="mt-4 flex items-center gap-2 text-2xl font-bold">
          <Landmark aria-hidden className="size-6 text-brand" /> Set up payouts
        </h1>
        <p className="mt-1 text-sm text-fg-muted">
          For {loaderData.businessName} ({loaderData.email})
        </p>
        {loaderData.complete ? (
          <p role="status" className="mt-4 text-sm font-medium">
            This account is already set up.
          </p>
        ) : null}
        <Form method="post" className="mt-6 space-y-3">
          <button type="submit" name="intent" value="complete" className="btn-primary w-full" disabled={busy}>
            Complete test onboarding
          </button>
          <button type="submit" name="intent" value="leave" className="btn-ghost w-full" disabled={busy}>
            Leave for now
          </button>
        </Form>
      </div>
    </div>
  );
}
