import { BackToList, ContentPost, contentPostMeta } from "~/web/components/content/content-post";
import { loadContentPost } from "~/web/lib/content-pages.server";
import type { Route } from "./+types/news-center.$slug";

export const handle = { title: "News" };
export const meta: Route.MetaFunction = ({ data, matches }) => contentPostMeta(data, matches);

export async function loader({ context, params }: Route.LoaderArgs) {
  return loadContentPost(context, params.slug, "news");
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ContentPost post={loaderData} back={<BackToList kind="news" />} />;
}
