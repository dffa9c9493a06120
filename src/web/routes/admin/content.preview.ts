import { z } from "zod";
import { CONTENT_BODY_MAX } from "~/domain/content-posts";
import { renderMarkdown } from "~/lib/markdown.server";
import { field, readForm } from "~/lib/read-form";
import { actionError } from "~/web/lib/action-error";
import { requireStaff } from "~/web/lib/email-outbox.server";
import type { Route } from "./+types/content.preview";

const PreviewForm = z.object({ body: field.text(CONTENT_BODY_MAX + 5_000) });

/**
 * The editor's live preview: a body of markdown in, the HTML the public page would show out,
 * through the same renderer. Staff only (a 404 for anyone else); within the usual 1 MiB.
 */
export async function action({ context, request }: Route.ActionArgs) {
  requireStaff(context);
  const read = await readForm(request, PreviewForm);
  if (!read.ok) return actionError(read.error);
  return Response.json({ html: renderMarkdown(read.data.body) }, { headers: { "Cache-Control": "no-store" } });
}
