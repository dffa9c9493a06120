import { MailPlus } from "lucide-react";
import { Form, Link, redirect } from "react-router";
import { z } from "zod";
import { readForm } from "~/lib/read-form";
import { createCampaign } from "~/services/email-campaigns";
import { actionError } from "~/web/lib/action-error";
import { OWNER_OR_MANAGER, requireStudio } from "~/web/lib/studio.server";
import type { Route } from "./+types/promote.email-campaign._index";

export const handle = { title: "New campaign" };
export const meta: Route.MetaFunction = () => [
  { title: "New campaign · Partner Studio · Ticketyboo" },
  { name: "description", content: "Write a new email campaign to your audience." },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  return null;
}

const NewForm = z.object({ intent: z.literal("create") });

/** Starts a draft and opens it in the editor (a page visit never makes one: only this post). */
export async function action({ context, request }: Route.ActionArgs) {
  const { hostId, user } = await requireStudio(context, request, { roles: OWNER_OR_MANAGER });
  const form = await readForm(request, NewForm);
  if (!form.ok) return actionError(form.error);
  const { id } = await createCampaign(context.database.db, { hostId, by: user.id });
  return redirect(`/h/promote/email-campaign/${id}`);
}

export default function NewCampaign() {
  return (
    <div className="py-6 pb-24 laptop:py-8">
      <h1 className="text-3xl font-extrabold tracking-tight">New email campaign</h1>
      <div className="card mt-6 grid grid-cols-1 max-w-xl justify-items-start gap-3 p-6">
        <p className="text-fg-muted">
          A campaign is a subject, a line of preview text and blocks: headings, text, buttons, pictures and cards for
          your events. It starts as a draft: nothing is sent until you send or schedule it.
        </p>
        <Form method="post">
          <input type="hidden" name="intent" value="create" />
          <button type="submit" className="btn-primary">
            <MailPlus aria-hidden className="size-4" /> Start a draft
          </button>
        </Form>
        <Link to="/h/marketing/email" className="link text-sm">
          All campaigns
        </Link>
      </div>
    </div>
  );
}
