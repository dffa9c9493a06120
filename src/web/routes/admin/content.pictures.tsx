import { Link } from "react-router";
import { z } from "zod";
import { ONE_IMAGE_FORM_MAX_BYTES } from "~/domain/request-limits";
import { AppError } from "~/lib/app-error";
import { field, readForm } from "~/lib/read-form";
import { uploadContentPicture } from "~/services/content-posts";
import { messages } from "~/texts/messages";
import { FormMessage } from "~/web/components/ui/field";
import { actionError, refusalOf } from "~/web/lib/action-error";
import { staffActor } from "~/web/lib/content-editor.server";
import { requireStaff } from "~/web/lib/email-outbox.server";
import { imageUrl } from "~/web/lib/images";
import type { Route } from "./+types/content.pictures";

export const handle = { title: "Picture uploaded" };
export const meta: Route.MetaFunction = () => [
  { title: "Pictures for posts · Staff console · Ticketyboo" },
  { name: "description", content: "Upload a picture to put in a post's body." },
  { name: "robots", content: "noindex" },
];

/** Opened directly (or after an upload without JavaScript): staff only. */
export async function loader({ context }: Route.LoaderArgs) {
  requireStaff(context);
  return null;
}

const PictureForm = z.object({
  picture: field.file(),
  // Square brackets would end the markdown's alt text early.
  alt: field.text(200).transform((t) => t.replace(/[[\]\r\n]+/g, " ").trim()),
});

/** Uploads one picture for a post's body; answers the markdown that shows it. */
export async function action({ context, request }: Route.ActionArgs) {
  const actor = staffActor(context);
  const read = await readForm(request, PictureForm, { maxBytes: ONE_IMAGE_FORM_MAX_BYTES });
  if (!read.ok) return actionError(read.error, { words: { too_large: messages.images.tooLarge } });
  const { picture, alt } = read.data;
  try {
    if (!picture)
      throw new AppError("validation_failed", messages.images.selectImage, {
        fields: { picture: messages.images.selectImage },
      });
    const stored = await uploadContentPicture(context.database.db, context.storage, {
      actor,
      bytes: new Uint8Array(await picture.arrayBuffer()),
    });
    return { markdown: `![${alt}](${imageUrl(stored.key, 1200)})` };
  } catch (error) {
    return actionError(error);
  }
}

/** Without JavaScript the upload lands here: the markdown to paste into the body. */
export default function ContentPictures({ actionData }: Route.ComponentProps) {
  const markdown = (actionData as { markdown?: string } | undefined)?.markdown;
  const refusal = refusalOf(actionData);
  const error = refusal.formError ?? Object.values(refusal.fieldErrors)[0] ?? null;
  return (
    <>
      <h1 className="text-2xl font-bold">Pictures for posts</h1>
      {markdown ? (
        <>
          <p className="mt-2 text-fg-muted">
            Uploaded. Copy this line into the post&apos;s body where the picture goes:
          </p>
          <pre className="mt-3 overflow-x-auto rounded-xl bg-surface-2 p-4 text-sm">
            <code>{markdown}</code>
          </pre>
        </>
      ) : error ? (
        <FormMessage className="mt-3">{error}</FormMessage>
      ) : (
        <p className="mt-2 text-fg-muted">Upload pictures from a post&apos;s editor.</p>
      )}
      <p className="mt-6">
        <Link to="/admin/content" className="link">
          Back to Blogs &amp; help
        </Link>
      </p>
    </>
  );
}
