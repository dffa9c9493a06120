import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link, type MetaDescriptor } from "react-router";
import { CONTENT_KIND_INFO, contentPostPath, type ContentKind } from "~/domain/content-posts";
import { formatLondonTime, formatLongDate } from "~/lib/format";
import { postJsonLd } from "~/web/lib/content-pages";
import { HERO_WIDTHS, imageSrcSet, imageUrl } from "~/web/lib/images";
import { describe, publicUrlFrom, seo } from "~/web/lib/seo";

export interface ContentPostData {
  kind: ContentKind;
  slug: string;
  title: string;
  description: string;
  topic: string | null;
  headerImage: string | null;
  createdAt: Date;
  publishedAt: Date;
  updatedAt: Date;
  /** The body, already rendered to safe HTML by the server. */
  html: string;
}

/** Title, description, sharing tags (an article, its header picture) and the post's JSON-LD. */
export function contentPostMeta(
  loaded: ContentPostData | undefined,
  matches: Parameters<typeof publicUrlFrom>[0],
): MetaDescriptor[] {
  if (!loaded) return [{ title: "Not found · Ticketyboo" }, { name: "robots", content: "noindex" }];
  const publicUrl = publicUrlFrom(matches);
  return seo({
    title: `${loaded.title} · ${CONTENT_KIND_INFO[loaded.kind].plural} · Ticketyboo`,
    description: describe(loaded.description || loaded.title),
    path: contentPostPath(loaded.kind, loaded.slug),
    publicUrl,
    image: loaded.headerImage ? imageUrl(loaded.headerImage, 1200) : null,
    type: "article",
    jsonLd: postJsonLd(loaded, publicUrl),
  });
}

const when = (d: Date) => `${formatLongDate(d)} at ${formatLondonTime(d)}`;

/** One post: its title, short description, times (London), header picture and body. */
export function ContentPost({ post, back, after }: { post: ContentPostData; back: ReactNode; after?: ReactNode }) {
  const published = new Date(post.publishedAt);
  const edited = new Date(post.updatedAt);
  return (
    <article className="container-page max-w-3xl py-10">
      <p className="text-sm">{back}</p>
      {post.topic ? <p className="mt-6 text-sm font-semibold text-brand">{post.topic}</p> : null}
      <h1 className={`${post.topic ? "mt-1" : "mt-6"} text-3xl font-extrabold tracking-tight tablet:text-4xl`}>
        {post.title}
      </h1>
      {post.description ? <p className="mt-3 text-lg text-fg-muted">{post.description}</p> : null}
      <p className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm text-fg-muted">
        <span>
          Published <time dateTime={published.toISOString()}>{formatLongDate(published)}</time>
        </span>
        {edited.getTime() > published.getTime() ? (
          <span>
            Last edited <time dateTime={edited.toISOString()}>{when(edited)}</time>
          </span>
        ) : null}
      </p>
      {post.headerImage ? (
        <img
          src={imageUrl(post.headerImage, 1200)}
          srcSet={imageSrcSet(post.headerImage, HERO_WIDTHS)}
          sizes="(min-width: 800px) 768px, 100vw"
          alt=""
          fetchPriority="high"
          className="mt-6 aspect-[16/9] w-full rounded-2xl object-cover"
        />
      ) : null}
      <div className="article-body mt-8" dangerouslySetInnerHTML={{ __html: post.html }} />
      {after}
    </article>
  );
}

/** The link back to the list a post belongs to. */
export function BackToList({ kind }: { kind: ContentKind }) {
  const info = CONTENT_KIND_INFO[kind];
  return (
    <Link to={info.path} className="link inline-flex items-center gap-1">
      <ArrowLeft aria-hidden className="size-4" />{" "}
      {kind === "help" ? "Help centre" : `All ${info.plural.toLowerCase()}`}
    </Link>
  );
}
