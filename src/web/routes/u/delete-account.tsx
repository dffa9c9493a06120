import { ShieldAlert } from "lucide-react";
import { useRef } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { isAppError } from "~/lib/app-error";
import { field, readForm } from "~/lib/read-form";
import { checkPasswordThrottled } from "~/services/check-password";
import { deleteBuyerAccount } from "~/services/delete-account";
import { SettingsLayout } from "~/web/components/settings-layout";
import { useAskFirst } from "~/web/lib/use-ask-first";
import { FormMessage, TextField } from "~/web/components/ui/field";
import { authHeaders, cookiesFrom } from "~/web/lib/auth-calls.server";
import { setFlash } from "~/web/lib/flash.server";
import { actionError } from "~/web/lib/action-error";
import { requireUser } from "~/web/lib/signed-in.server";
import { messages } from "~/texts/messages";
import type { Route } from "./+types/delete-account";

export const handle = { title: "Delete account" };
export const meta: Route.MetaFunction = () => [
  { title: "Delete account · Ticketyboo" },
  { name: "description", content: "Delete your Ticketyboo account and the personal data kept with it." },
];

export function loader({ context, request }: Route.LoaderArgs) {
  return { isHost: requireUser(context, request).userType === "host" };
}

const DeleteForm = z.object({ password: field.text() });

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  if (user.userType === "host") return { error: messages.account.hostCannotDelete, passwordError: null };
  const form = await readForm(request, DeleteForm);
  if (!form.ok) return actionError(form.error, { extra: { passwordError: null } });
  const checked = await checkPasswordThrottled(context.database.db, context.throttle, {
    userId: user.id,
    ip: context.clientIp,
    password: form.data.password,
    now: new Date(),
  });
  if (!checked.ok)
    return {
      error: null,
      passwordError: checked.reason === "throttled" ? messages.auth.tryAgainLater : messages.auth.incorrectPassword,
    };
  // Collect the sign-out cookies first: once the account is gone there is no session to end.
  const signOut = await context.auth.api
    .signOut({ headers: authHeaders(request, context), returnHeaders: true })
    .catch(() => null);
  try {
    const { imageKeys } = await deleteBuyerAccount(context.database.db, { userId: user.id, now: new Date() });
    await Promise.all(imageKeys.map((key) => context.storage.remove(key).catch(() => undefined)));
  } catch (error) {
    return {
      error:
        isAppError(error) && error.code === "forbidden"
          ? messages.account.hostCannotDelete
          : messages.account.deleteFailed,
      passwordError: null,
    };
  }
  const headers = setFlash(cookiesFrom(signOut?.headers), { tone: "success", text: messages.account.deleted });
  return redirect("/", { headers });
}

export default function DeleteAccount({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const askFirst = useAskFirst();
  const formRef = useRef<HTMLFormElement>(null);

  if (loaderData.isHost) {
    return (
      <SettingsLayout title="Delete account">
        <div className="card max-w-2xl p-5 tablet:p-6">
          <FormMessage tone="info">{messages.account.hostCannotDelete}</FormMessage>
          <p className="mt-4 text-sm text-fg-muted">
            Your account holds your events, your guests' orders and your payouts, which we must keep for your buyers and
            for tax records. Ask us and we'll close it with you properly.
          </p>
          <Link to="/u/customer-support" className="btn-primary mt-5">
            Contact customer support
          </Link>
        </div>
      </SettingsLayout>
    );
  }

  return (
    <SettingsLayout title="Delete account" description="Leaving us? We're sorry to see you go.">
      <div className="card max-w-2xl p-5 tablet:p-6">
        <div className="flex gap-3">
          <ShieldAlert aria-hidden className="size-6 shrink-0 text-danger" />
          <div className="text-sm">
            <p className="font-semibold">Deleting your account can't be undone.</p>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-fg-muted">
              <li>
                Your name, email, phone, bio, photos and preferences are erased, and you're logged out everywhere.
              </li>
              <li>
                Tickets you've booked stop appearing anywhere you can reach them, so download any you still need first.
              </li>
              <li>
                Your past orders stay, with the name and email given at checkout, because the law requires sales records
                to be kept. The{" "}
                <a href="/legal/privacy-policy" className="link">
                  privacy policy
                </a>{" "}
                says what else is kept and why.
              </li>
            </ul>
            <p className="mt-3">
              Want a copy first?{" "}
              <a href="/u/settings/download-data" className="link" download>
                Download my data
              </a>
            </p>
          </div>
        </div>
        <Form
          ref={formRef}
          method="post"
          className="mt-6 max-w-md space-y-4"
          noValidate
          onSubmit={askFirst({
            title: "Delete your account?",
            description: "This erases your profile and logs you out everywhere. It can't be undone.",
            confirmLabel: "Delete my account",
            tone: "danger",
          })}
        >
          <FormMessage>{actionData?.error}</FormMessage>
          <TextField
            label="Your password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            hint="To check it's really you."
            error={actionData?.passwordError}
          />
          <button type="submit" className="btn-danger" disabled={busy}>
            {busy ? "Deleting…" : "Delete my account"}
          </button>
        </Form>
      </div>
    </SettingsLayout>
  );
}
