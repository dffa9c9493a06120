import { ContentList, contentListMeta } from "~/web/components/content/content-list";
import { loadContentList } from "~/web/lib/content-pages.server";
import type { Route } from "./+types/blogs._index";

export const handle = { title: "Blogs" };
export const meta: Route.MetaFunction = ({ data, matches }) => contentListMeta("blog", data, matches);

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadContentList(context, request, "blog");
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ContentList kind="blog" data={loaderData} />;
}
