import { BackToList, ContentPost, contentPostMeta } from "~/web/components/content/content-post";
import { StillNeedHelp } from "~/web/components/content/support-links";
import { loadContentPost } from "~/web/lib/content-pages.server";
import type { Route } from "./+types/help.$slug";

export const handle = { title: "Help centre" };
export const meta: Route.MetaFunction = ({ data, matches }) => contentPostMeta(data, matches);

export async function loader({ context, params }: Route.LoaderArgs) {
  const post = await loadContentPost(context, params.slug, "help");
  return { ...post, chatUrl: context.chatSupportUrl, signedIn: context.user !== null };
}

export default function HelpArticle({ loaderData }: Route.ComponentProps) {
  return (
    <ContentPost
      post={loaderData}
      back={<BackToList kind="help" />}
      after={<StillNeedHelp chatUrl={loaderData.chatUrl} signedIn={loaderData.signedIn} />}
    />
  );
}
