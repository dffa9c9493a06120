import { ContentList, contentListMeta } from "~/web/components/content/content-list";
import { loadContentList } from "~/web/lib/content-pages.server";
import type { Route } from "./+types/case-studies._index";

export const handle = { title: "Case studies" };
export const meta: Route.MetaFunction = ({ data, matches }) => contentListMeta("case_study", data, matches);

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadContentList(context, request, "case_study");
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ContentList kind="case_study" data={loaderData} />;
}
