import { CheckCircle2, MailX, ShieldAlert } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { field, readForm } from "~/lib/read-form";
import { findEmailChangeUndo, undoEmailChange } from "~/services/email-change";
import { AuthCard } from "~/web/components/auth-card";
import { FormMessage } from "~/web/components/ui/field";
import { actionError } from "~/web/lib/action-error";
import type { Route } from "./+types/undo-email-change";

export const handle = { title: "Change your email back" };
export const meta: Route.MetaFunction = () => [
  { title: "Change your email back · Ticketyboo" },
  { name: "description", content: "Change the email address of your Ticketyboo account back to the one you had." },
  { name: "robots", content: "noindex" },
];

/**
 * Where the "This wasn't me" link in the email-changed message lands. Opening it changes nothing
 * (mail scanners open links); the button does.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const change = await findEmailChangeUndo(context.database.db, token, new Date());
  return { token, change };
}

const UndoForm = z.object({ token: field.text() });

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, UndoForm);
  if (!form.ok) return actionError(form.error, { extra: { ok: false as const } });
  try {
    const { email } = await undoEmailChange(context.database.db, { token: form.data.token, now: new Date() });
    return { ok: true as const, email };
  } catch (error) {
    return actionError(error, { extra: { ok: false as const } });
  }
}

export default function UndoEmailChange({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (actionData?.ok) {
    return (
      <AuthCard title="Your email is back">
        <div className="flex items-start gap-3">
          <CheckCircle2 aria-hidden className="size-6 shrink-0 text-success" />
          <p className="text-sm">
            Your account uses <strong>{actionData.email}</strong> again, and every device has been logged out. Whoever
            changed it may know your password, so choose a new one now.
          </p>
        </div>
        <Link to="/forgot-password" className="btn-primary mt-6 w-full">
          Choose a new password
        </Link>
      </AuthCard>
    );
  }
  const change = loaderData.change;
  if (!change) {
    return (
      <AuthCard title="That link didn't work">
        <div className="flex items-start gap-3">
          <MailX aria-hidden className="size-6 shrink-0 text-danger" />
          <p className="text-sm">
            This link has expired or was already used. If someone else has your account, contact customer support.
          </p>
        </div>
        <Link to="/log-in" className="btn-primary mt-6 w-full">
          Log in
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Change your email back?">
      <div className="flex items-start gap-3">
        <ShieldAlert aria-hidden className="size-6 shrink-0 text-danger" />
        <p className="text-sm">
          Your account's email was changed to <strong className="break-all">{change.to}</strong>. This puts{" "}
          <strong className="break-all">{change.from}</strong> back and logs out every device, including whoever made
          the change.
        </p>
      </div>
      <Form method="post" className="mt-6 space-y-3">
        <FormMessage>{actionData && !actionData.ok ? actionData.error : null}</FormMessage>
        <input type="hidden" name="token" value={loaderData.token} />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? "Changing it back…" : `Change it back to ${change.from}`}
        </button>
      </Form>
    </AuthCard>
  );
}
