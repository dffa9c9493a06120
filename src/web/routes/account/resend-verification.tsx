import { redirect } from "react-router";
import { authFailure, authHeaders } from "~/web/lib/auth-calls.server";
import { setFlash } from "~/web/lib/flash.server";
import { backTo, isDocumentRequest } from "~/web/lib/navigation.server";
import { messages } from "~/texts/messages";
import type { Route } from "./+types/resend-verification";

/** Sends the verification email again; the 5-minute wait is enforced by the auth hooks. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = context.user;
  if (!user) throw redirect("/log-in");
  let result: { ok: boolean; message: string };
  if (user.emailVerified) {
    result = { ok: true, message: messages.auth.emailVerified };
  } else {
    try {
      await context.auth.api.sendVerificationEmail({
        body: { email: user.email, callbackURL: "/email-verified" },
        headers: authHeaders(request, context),
      });
      result = { ok: true, message: messages.auth.verificationSent };
    } catch (error) {
      result = { ok: false, message: authFailure(error).message };
    }
  }
  // Without JavaScript the form posts here directly: go back with the answer as a flash.
  if (isDocumentRequest(request)) {
    return redirect(backTo(request, "/u/dashboard"), {
      headers: setFlash(new Headers(), { tone: result.ok ? "success" : "error", text: result.message }),
    });
  }
  return result;
}

export function loader() {
  return redirect("/u/dashboard");
}
