import { CheckCircle2, MailX } from "lucide-react";
import { Link } from "react-router";
import { AuthCard } from "~/web/components/auth-card";
import { messages } from "~/texts/messages";
import type { Route } from "./+types/email-verified";

export const handle = { title: "Email verification" };
export const meta: Route.MetaFunction = () => [
  { title: "Email verification · Ticketyboo" },
  { name: "description", content: "Confirming the email address of your Ticketyboo account." },
];

/** Where the verification link lands: better-auth has already verified (or refused) the token. */
export function loader({ request, context }: Route.LoaderArgs) {
  const failed = new URL(request.url).searchParams.has("error");
  return { failed, signedIn: Boolean(context.user), verified: context.user?.emailVerified ?? false };
}

export default function EmailVerified({ loaderData }: Route.ComponentProps) {
  const ok = !loaderData.failed;
  return (
    <AuthCard title={ok ? "Email verified" : "That link didn't work"}>
      <div className="flex items-start gap-3">
        {ok ? (
          <CheckCircle2 aria-hidden className="size-6 shrink-0 text-success" />
        ) : (
          <MailX aria-hidden className="size-6 shrink-0 text-danger" />
        )}
        <p className="text-sm">
          {ok ? messages.auth.emailVerified : messages.auth.verifyLinkInvalid}{" "}
          {!ok && loaderData.signedIn && !loaderData.verified
            ? "Use “Resend Verification” at the top of the page for a fresh link."
            : null}
          {!ok && !loaderData.signedIn ? "Log in and we'll offer to send a fresh one." : null}
        </p>
      </div>
      <Link to={loaderData.signedIn ? "/u/dashboard" : "/log-in"} className="btn-primary mt-6 w-full">
        {loaderData.signedIn ? "Go to my dashboard" : "Log in"}
      </Link>
    </AuthCard>
  );
}
