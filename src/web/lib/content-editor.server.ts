import { redirect } from "react-router";
import { z } from "zod";
import {
  CONTENT_BODY_MAX,
  CONTENT_DESCRIPTION_MAX,
  CONTENT_KIND_INFO,
  CONTENT_KINDS,
  CONTENT_SLUG_MAX,
  CONTENT_TITLE_MAX,
  CONTENT_TOPIC_MAX,
} from "~/domain/content-posts";
import { ONE_IMAGE_FORM_MAX_BYTES } from "~/domain/request-limits";
import { renderMarkdown } from "~/lib/markdown.server";
import { field, readForm } from "~/lib/read-form";
import { deleteContentPost, saveContentPost } from "~/services/content-posts";
import { messages } from "~/texts/messages";
import type { TicketybooContext } from "~/web/load-context";
import { actionError } from "./action-error";
import { requireStaff } from "./email-outbox.server";
import { setFlash } from "./flash.server";

/**
 * The post editor's action, for a new post (`postId` null) and an existing one. Lengths here are
 * generous backstops; the precise rules and their words are the domain's (checkContentPost).
 */
const EditorForm = z.union([
  z.object({
    intent: z.enum(["save", "publish", "unpublish", "preview"]),
    kind: z.enum(CONTENT_KINDS, { message: "Choose what kind of post this is." }),
    title: field.text(CONTENT_TITLE_MAX * 2),
    slug: field.text(CONTENT_SLUG_MAX * 2),
    description: field.text(CONTENT_DESCRIPTION_MAX * 2),
    topic: field.text(CONTENT_TOPIC_MAX * 2),
    body: field.text(CONTENT_BODY_MAX + 5_000),
    headerImage: field.file(),
    removeHeaderImage: field.checkbox(),
  }),
  z.object({ intent: z.literal("delete") }),
]);

const DONE = {
  save: "Saved",
  publish: "Published",
  unpublish: "Unpublished: it is a draft again",
} as const;

/** The staff member acting, as the audit log names them. */
export function staffActor(context: Pick<TicketybooContext, "user">) {
  requireStaff(context);
  return { id: context.user!.id, email: context.user!.email };
}

export async function contentEditorAction(
  context: Pick<TicketybooContext, "user" | "database" | "storage">,
  request: Request,
  postId: string | null,
) {
  const actor = staffActor(context);
  const read = await readForm(request, EditorForm, { maxBytes: ONE_IMAGE_FORM_MAX_BYTES });
  if (!read.ok)
    return actionError(read.error, { extra: { values: read.values }, words: { too_large: messages.images.tooLarge } });
  const form = read.data;
  const now = new Date();

  if (form.intent === "delete") {
    if (!postId) return redirect("/admin/content");
    try {
      const gone = await deleteContentPost(context.database.db, context.storage, { actor, postId });
      return redirect(`/admin/content?kind=${gone.kind}`, {
        headers: setFlash(new Headers(), {
          tone: "success",
          text: `Deleted the ${CONTENT_KIND_INFO[gone.kind].noun} ‘${gone.title}’`,
        }),
      });
    } catch (error) {
      return actionError(error, { extra: { values: null } });
    }
  }

  const values = {
    title: form.title,
    slug: form.slug,
    description: form.description,
    topic: form.topic,
    body: form.body,
  };
  if (form.intent === "preview") return { preview: renderMarkdown(form.body), values };

  try {
    const saved = await saveContentPost(context.database.db, context.storage, {
      actor,
      postId,
      draft: { kind: form.kind, ...values },
      headerImage: form.headerImage ? new Uint8Array(await form.headerImage.arrayBuffer()) : null,
      removeHeaderImage: form.removeHeaderImage,
      status: form.intent === "publish" ? "published" : form.intent === "unpublish" ? "draft" : undefined,
      now,
    });
    const text = !saved.changed
      ? "Nothing changed"
      : postId
        ? DONE[form.intent]
        : `${DONE[form.intent]}: ${form.title}`;
    return redirect(`/admin/content/${saved.id}`, { headers: setFlash(new Headers(), { tone: "success", text }) });
  } catch (error) {
    return actionError(error, { extra: { values }, words: { too_large: messages.images.tooLarge } });
  }
}
