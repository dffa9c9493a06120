import { data, redirect } from "react-router";
import { backTo, isDocumentRequest } from "~/web/lib/navigation.server";
import type { Route } from "./+types/verify-later";

const WEEK = 7 * 24 * 60 * 60;

/** "Not Now" on the verification banner: hide it for a week on this browser. */
export async function action({ request }: Route.ActionArgs) {
  const headers = new Headers({ "Set-Cookie": `tb_verify_later=1; Path=/; Max-Age=${WEEK}; SameSite=Lax` });
  if (isDocumentRequest(request)) return redirect(backTo(request, "/u/dashboard"), { headers });
  return data({ ok: true }, { headers });
}

export function loader() {
  return redirect("/u/dashboard");
}
