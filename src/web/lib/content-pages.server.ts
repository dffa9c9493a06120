import { data } from "react-router";
import type { ContentKind } from "~/domain/content-posts";
import { listPublishedPosts, readPublishedPost } from "~/services/content-posts";
import { pageParam } from "~/web/components/ui/pagination";
import type { TicketybooContext } from "~/web/load-context";
import { loaded } from "./loaded";

/**
 * The loaders behind the public content pages (blogs, guides, case studies, news, help articles):
 * each route names its kind and calls one of these.
 */

/** One kind's list, a page at a time; a page past the end is a 404 rather than an empty page. */
export async function loadContentList(
  context: Pick<TicketybooContext, "database">,
  request: Request,
  kind: ContentKind,
) {
  const page = pageParam(new URL(request.url).searchParams.get("page"));
  const list = await listPublishedPosts(context.database.db, { kind, page });
  if (page > list.pageCount) throw data(null, { status: 404 });
  return { kind, ...list };
}

/** One published post by its address; drafts and unknown addresses are the ordinary 404. */
export async function loadContentPost(
  context: Pick<TicketybooContext, "database">,
  slug: string | undefined,
  kind: ContentKind,
) {
  if (!slug || slug.length > 200) throw data(null, { status: 404 });
  return loaded(readPublishedPost(context.database.db, { kind, slug }));
}
