import { useEffect, useRef } from "react";
import { Form, redirect, useNavigate, useSubmit } from "react-router";
import { messages } from "~/texts/messages";
import { confirm } from "../components/ui/confirm-dialog";
import { forgetOfflineTickets } from "../lib/offline-tickets";
import { clearStudioHostChoice } from "../lib/studio-host-cookie";
import type { Route } from "./+types/log-out";

export const handle = { title: "Log out" };
export const meta: Route.MetaFunction = () => [{ title: "Log out · Ticketyboo" }];

export async function loader({ context }: Route.LoaderArgs) {
  if (!context.user) throw redirect("/");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const response = await context.auth.api.signOut({ headers: request.headers, asResponse: true }).catch(() => null);
  const headers = new Headers();
  for (const cookie of response?.headers.getSetCookie() ?? []) headers.append("Set-Cookie", cookie);
  // Spec §4: sign-out clears everything this person left in the browser, not just the session.
  headers.append("Set-Cookie", "tb_verify_later=; Path=/; Max-Age=0; SameSite=Lax");
  headers.append("Set-Cookie", clearStudioHostChoice);
  headers.append("Clear-Site-Data", '"storage"');
  return redirect("/", { headers });
}

/**
 * Asks first ('See you soon...'). With JavaScript the question is the global confirmation dialog;
 * without it, the same question is this page's form.
 */
export default function LogOut() {
  const submit = useSubmit();
  const navigate = useNavigate();
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void confirm({ title: messages.auth.logOutTitle, description: messages.auth.logOutQuestion }).then((yes) => {
      // Tickets kept for offline use go too (Clear-Site-Data clears them as well, where honoured).
      if (yes) void forgetOfflineTickets().then(() => submit(null, { method: "post" }));
      else if (window.history.length > 1) void navigate(-1);
      else void navigate("/u/dashboard");
    });
  }, [navigate, submit]);
  return (
    <div className="container-page grid min-h-[60dvh] place-items-center py-12">
      <Form method="post" className="card w-full max-w-sm p-6 text-center">
        <h1 className="text-xl font-bold">{messages.auth.logOutTitle}</h1>
        <p className="mt-2 text-sm text-fg-muted">{messages.auth.logOutQuestion}</p>
        <div className="mt-6 flex justify-center gap-3">
          <a href="/u/dashboard" className="btn-secondary">
            Cancel
          </a>
          <button type="submit" className="btn-primary">
            Yes
          </button>
        </div>
      </Form>
    </div>
  );
}
