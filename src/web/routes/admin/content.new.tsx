import { z } from "zod";
import { CONTENT_KIND_INFO, CONTENT_KINDS } from "~/domain/content-posts";
import { parseQuery } from "~/lib/read-form";
import { contentEditorData } from "~/services/content-posts";
import { ContentEditor, editorValues } from "~/web/components/admin/content-editor";
import { refusalOf } from "~/web/lib/action-error";
import { contentEditorAction } from "~/web/lib/content-editor.server";
import { requireStaff } from "~/web/lib/email-outbox.server";
import type { Route } from "./+types/content.new";

export const handle = { title: "New post" };
export const meta: Route.MetaFunction = ({ data }) => [
  { title: `New ${data ? CONTENT_KIND_INFO[data.kind].noun : "post"} · Staff console · Ticketyboo` },
  { name: "description", content: "Write a blog post, guide, case study, news item or help article." },
  { name: "robots", content: "noindex" },
];

// An unknown kind in the address starts a blog post rather than failing.
const NewQuery = z.object({ kind: z.enum(CONTENT_KINDS).catch("blog").default("blog") });

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context);
  const read = parseQuery(request.url, NewQuery);
  const kind = read.ok ? read.data.kind : "blog";
  const { topics } = await contentEditorData(context.database.db, null);
  return { kind, topics };
}

export async function action({ context, request }: Route.ActionArgs) {
  return contentEditorAction(context, request, null);
}

export default function NewContentPost({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, topics } = loaderData;
  const answer = actionData as { values?: Record<string, string> | null; preview?: string } | undefined;
  const refusal = refusalOf(actionData);
  return (
    <>
      <h1 className="text-2xl font-bold">New {CONTENT_KIND_INFO[kind].noun}</h1>
      <p className="mt-1 mb-6 text-fg-muted">It stays a draft, seen only here, until you publish it.</p>
      <ContentEditor
        postId={null}
        kind={kind}
        status="draft"
        savedSlug={null}
        headerImage={null}
        values={editorValues(answer?.values)}
        topics={topics}
        previewHtml={answer?.preview ?? ""}
        formError={refusal.formError}
        fieldErrors={refusal.fieldErrors}
      />
    </>
  );
}
