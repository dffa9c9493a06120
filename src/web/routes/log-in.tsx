import { Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { safeRedirect } from "~/lib/safe-redirect";
import { messages } from "~/web/messages";
import type { Route } from "./+types/log-in";

export const handle = { title: "Log in" };
export const meta: Route.MetaFunction = () => [{ title: "Log in · Ticketyboo" }];

const LogInForm = z.object({
  email: z.string().trim().toLowerCase().email(messages.auth.invalidEmail),
  password: z.string().min(1, messages.auth.invalidCredentials),
});

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const parsed = LogInForm.safeParse(form);
  const email = typeof form.email === "string" ? form.email : "";
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? messages.auth.invalidCredentials, email };
  const response = await context.auth.api
    .signInEmail({ body: parsed.data, headers: request.headers, asResponse: true })
    .catch(() => null);
  if (!response?.ok) {
    return { error: response?.status === 429 ? messages.auth.tryAgainLater : messages.auth.invalidCredentials, email };
  }
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  const to = safeRedirect(new URL(request.url).searchParams.get("redirect"), "/u/dashboard");
  return redirect(to, { headers });
}

export default function LogIn({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <div className="container-page grid min-h-[70dvh] place-items-center py-12">
      <div className="card w-full max-w-md p-6 tablet:p-8">
        <h1 className="text-2xl font-extrabold tracking-tight">Welcome back</h1>
        <p className="mt-1 text-sm text-fg-muted">Log in to see your tickets and book in seconds.</p>
        <Form method="post" className="mt-6 space-y-4" noValidate>
          {actionData?.error ? (
            <p role="alert" className="rounded-xl bg-danger-soft px-3 py-2 text-sm text-danger">
              {actionData.error}
            </p>
          ) : null}
          <label className="block text-sm font-medium">
            Email
            <input
              name="email"
              type="email"
              autoComplete="email"
              required
              defaultValue={actionData?.email}
              className="mt-1 h-11 w-full rounded-xl border border-border bg-surface px-3 focus:border-brand focus:outline-none"
            />
          </label>
          <label className="block text-sm font-medium">
            Password
            <input
              name="password"
              type="password"
              autoComplete="current-password"
              required
              className="mt-1 h-11 w-full rounded-xl border border-border bg-surface px-3 focus:border-brand focus:outline-none"
            />
          </label>
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy ? "Logging in…" : "Log In"}
          </button>
        </Form>
        <p className="mt-6 text-center text-sm text-fg-muted">
          New to Ticketyboo?{" "}
          <Link to="/sign-up" className="link">
            Sign up
          </Link>
        </p>
      </div>
    </div>
  );
}
