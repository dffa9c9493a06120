import { ContentList, contentListMeta } from "~/web/components/content/content-list";
import { loadContentList } from "~/web/lib/content-pages.server";
import type { Route } from "./+types/guides._index";

export const handle = { title: "Guides" };
export const meta: Route.MetaFunction = ({ data, matches }) => contentListMeta("guide", data, matches);

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadContentList(context, request, "guide");
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ContentList kind="guide" data={loaderData} />;
}
