import { Newspaper } from "lucide-react";
import { Link, type MetaDescriptor } from "react-router";
import { CONTENT_KIND_INFO, contentPostPath, type ContentKind } from "~/domain/content-posts";
import { formatLongDate } from "~/lib/format";
import { Pagination } from "~/web/components/ui/pagination";
import { CONTENT_LIST_PAGES, type ListedKind } from "~/web/lib/content-pages";
import { CARD_WIDTHS, imageSrcSet, imageUrl } from "~/web/lib/images";
import { publicUrlFrom, seo } from "~/web/lib/seo";

export interface ContentListData {
  kind: ContentKind;
  page: number;
  pageCount: number;
  total: number;
  posts: {
    id: string;
    kind: ContentKind;
    slug: string;
    title: string;
    description: string;
    headerImage: string | null;
    publishedAt: Date;
  }[];
}

const pathOf = (kind: ListedKind, page: number) =>
  page > 1 ? `${CONTENT_KIND_INFO[kind].path}?page=${page}` : CONTENT_KIND_INFO[kind].path;

/** Title, description, canonical address and sharing tags of one kind's list (page 2 onwards says so). */
export function contentListMeta(
  kind: ListedKind,
  loaded: ContentListData | undefined,
  matches: Parameters<typeof publicUrlFrom>[0],
): MetaDescriptor[] {
  const words = CONTENT_LIST_PAGES[kind];
  const page = loaded?.page ?? 1;
  return seo({
    title: `${words.heading}${page > 1 ? ` · Page ${page}` : ""} · Ticketyboo`,
    description: words.description,
    path: pathOf(kind, page),
    publicUrl: publicUrlFrom(matches),
  });
}

/** A kind's published posts, newest first, as cards with their header pictures; paged. */
export function ContentList({ kind, data }: { kind: ListedKind; data: ContentListData }) {
  const words = CONTENT_LIST_PAGES[kind];
  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">{words.heading}</h1>
      <p className="mt-2 max-w-2xl text-fg-muted">{words.intro}</p>
      {data.posts.length === 0 ? (
        <div className="card mt-8 max-w-2xl p-6">
          <Newspaper aria-hidden className="size-8 text-brand" />
          <p className="mt-3 font-medium">{words.empty}</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Link to="/explore" className="btn-primary">
              Explore events
            </Link>
            <Link to="/help" className="btn-secondary">
              Visit the help centre
            </Link>
          </div>
        </div>
      ) : (
        <ul className="mt-8 grid grid-cols-1 gap-6 tablet:grid-cols-2 laptop:grid-cols-3">
          {data.posts.map((post, i) => (
            <li key={post.id}>
              <PostCard post={post} priority={data.page === 1 && i < 3} />
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={data.page}
        pageCount={data.pageCount}
        hrefFor={(p) => pathOf(kind, p)}
        label={`${words.heading} pages`}
      />
    </div>
  );
}

function PostCard({ post, priority }: { post: ContentListData["posts"][number]; priority: boolean }) {
  const published = new Date(post.publishedAt);
  return (
    <article className="card relative flex h-full flex-col overflow-hidden">
      <div className="aspect-[16/9] bg-brand-soft">
        {post.headerImage ? (
          <img
            src={imageUrl(post.headerImage, 828)}
            srcSet={imageSrcSet(post.headerImage, CARD_WIDTHS)}
            sizes="(min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw"
            alt=""
            loading={priority ? "eager" : "lazy"}
            decoding="async"
            className="size-full object-cover"
          />
        ) : (
          <div aria-hidden className="grid size-full place-items-center">
            <Newspaper className="size-10 text-brand" />
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <h2 className="text-lg leading-snug font-bold">
          {/* The whole card is the link's target (the ::after covers it); the heading is its name. */}
          <Link
            to={contentPostPath(post.kind, post.slug)}
            className="after:absolute after:inset-0 hover:text-brand focus-visible:outline-none
              focus-visible:after:rounded-2xl focus-visible:after:outline-2 focus-visible:after:outline-[var(--ring)]"
          >
            {post.title}
          </Link>
        </h2>
        {post.description ? <p className="mt-2 text-sm text-fg-muted">{post.description}</p> : null}
        <p className="mt-auto pt-4 text-xs text-fg-muted">
          <time dateTime={published.toISOString()}>{formatLongDate(published)}</time>
        </p>
      </div>
    </article>
  );
}
