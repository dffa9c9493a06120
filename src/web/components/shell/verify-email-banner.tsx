import { MailWarning } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/web/components/ui/toast";

interface ResendResult {
  ok: boolean;
  message: string;
}

/**
 * Spec §2/§4: a signed-in person whose email is not verified sees this until "Not Now". Both
 * buttons are real forms, so they work before JavaScript loads; with it they stay on the page.
 */
export function VerifyEmailBanner({ email }: { email: string }) {
  const resend = useFetcher<ResendResult>();
  const later = useFetcher();
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    const result = resend.data;
    if (!result || resend.state !== "idle") return;
    if (result.ok) toast.success(result.message);
    else toast.error(result.message);
  }, [resend.data, resend.state]);

  if (hidden || later.state !== "idle" || later.data) return null;
  return (
    <div role="region" aria-label="Verify your email" className="border-b border-border bg-warning-soft">
      <div className="container-page flex flex-col gap-3 py-3 tablet:flex-row tablet:items-center">
        <MailWarning aria-hidden className="hidden size-5 shrink-0 text-warning tablet:block" />
        <p className="flex-1 text-sm">
          <strong className="font-semibold">Please verify your email.</strong> We sent a link to{" "}
          <span className="font-medium break-words">{email}</span>; it keeps your tickets and receipts coming to the
          right inbox.
        </p>
        <div className="flex shrink-0 gap-2">
          <resend.Form method="post" action="/account/resend-verification">
            <button type="submit" className="btn-primary" disabled={resend.state !== "idle"}>
              {resend.state !== "idle" ? "Sending…" : "Resend Verification"}
            </button>
          </resend.Form>
          <later.Form method="post" action="/account/verify-later" onSubmit={() => setHidden(true)}>
            <button type="submit" className="btn-secondary">
              Not Now
            </button>
          </later.Form>
        </div>
      </div>
    </div>
  );
}
