import { ContentList, contentListMeta } from "~/web/components/content/content-list";
import { loadContentList } from "~/web/lib/content-pages.server";
import type { Route } from "./+types/news-center._index";

export const handle = { title: "News centre" };
export const meta: Route.MetaFunction = ({ data, matches }) => contentListMeta("news", data, matches);

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadContentList(context, request, "news");
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ContentList kind="news" data={loaderData} />;
}
