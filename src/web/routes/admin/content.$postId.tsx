import { Link } from "react-router";
import { CONTENT_KIND_INFO } from "~/domain/content-posts";
import { formatTimestamp } from "~/lib/format";
import { renderMarkdown } from "~/lib/markdown.server";
import { contentEditorData } from "~/services/content-posts";
import { ContentEditor, editorValues } from "~/web/components/admin/content-editor";
import { refusalOf } from "~/web/lib/action-error";
import { contentEditorAction } from "~/web/lib/content-editor.server";
import { requireStaff } from "~/web/lib/email-outbox.server";
import { loaded } from "~/web/lib/loaded";
import type { Route } from "./+types/content.$postId";

export const handle = { title: "Edit post" };
export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.post.title ?? "Post"} · Staff console · Ticketyboo` },
  { name: "description", content: "Edit, publish or unpublish a post." },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, params }: Route.LoaderArgs) {
  requireStaff(context);
  const { post, topics } = await loaded(contentEditorData(context.database.db, params.postId));
  return { post: post!, topics, previewHtml: renderMarkdown(post!.body) };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  return contentEditorAction(context, request, params.postId);
}

export default function EditContentPost({ loaderData, actionData }: Route.ComponentProps) {
  const { post, topics, previewHtml } = loaderData;
  const answer = actionData as { values?: Record<string, string> | null; preview?: string } | undefined;
  const refusal = refusalOf(actionData);
  const sent = answer?.values ?? null;
  const info = CONTENT_KIND_INFO[post.kind];
  return (
    <>
      <p className="text-sm">
        <Link to={`/admin/content?kind=${post.kind}`} className="link">
          {info.plural}
        </Link>
      </p>
      <h1 className="mt-1 text-2xl font-bold">{post.title}</h1>
      <p className="mt-1 mb-6 text-sm text-fg-muted">
        {post.status === "published" ? "Published" : "Draft"} {info.noun} · last edited{" "}
        {formatTimestamp(new Date(post.updatedAt))}
      </p>
      <ContentEditor
        // Drawn afresh from what is saved after each save; kept as typed when a save is refused.
        key={sent ? "sent" : `${post.id}-${new Date(post.updatedAt).getTime()}-${post.status}`}
        postId={post.id}
        kind={post.kind}
        status={post.status}
        savedSlug={post.slug}
        headerImage={post.headerImage}
        values={editorValues(sent, {
          title: post.title,
          slug: post.slug,
          description: post.description,
          topic: post.topic ?? "",
          body: post.body,
        })}
        topics={topics}
        previewHtml={answer?.preview ?? previewHtml}
        formError={refusal.formError}
        fieldErrors={refusal.fieldErrors}
      />
    </>
  );
}
