import { Plus } from "lucide-react";
import { Link } from "react-router";
import { z } from "zod";
import { CONTENT_KIND_INFO, CONTENT_KINDS, contentPostPath, type ContentKind } from "~/domain/content-posts";
import { formatTimestamp } from "~/lib/format";
import { parseQuery } from "~/lib/read-form";
import { listPostsForStaff } from "~/services/content-posts";
import { Pagination, pageParam } from "~/web/components/ui/pagination";
import { requireStaff } from "~/web/lib/email-outbox.server";
import type { Route } from "./+types/content._index";

export const handle = { title: "Blogs & help" };
export const meta: Route.MetaFunction = () => [
  { title: "Blogs & help · Staff console · Ticketyboo" },
  { name: "description", content: "The blog posts, guides, case studies, news and help articles staff write." },
  { name: "robots", content: "noindex" },
];

// An unknown kind or page in the address shows everything from page 1, rather than an error.
const ListQuery = z.object({
  kind: z.enum(CONTENT_KINDS).optional().catch(undefined),
  page: z.string().optional(),
});

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context);
  const read = parseQuery(request.url, ListQuery);
  const kind = read.ok ? (read.data.kind ?? null) : null;
  const page = pageParam(read.ok ? (read.data.page ?? null) : null);
  return { kind, ...(await listPostsForStaff(context.database.db, { kind, page })) };
}

const tab = (active: boolean) =>
  `inline-flex min-h-10 shrink-0 items-center gap-1.5 rounded-full border px-3 text-sm font-semibold ${
    active ? "border-brand-strong bg-brand-strong text-on-brand" : "border-border hover:bg-surface-2"
  }`;

const listHref = (kind: ContentKind | null, page = 1) => {
  const q = new URLSearchParams();
  if (kind) q.set("kind", kind);
  if (page > 1) q.set("page", String(page));
  const s = q.toString();
  return s ? `/admin/content?${s}` : "/admin/content";
};

export default function StaffContentList({ loaderData }: Route.ComponentProps) {
  const { kind, posts, perKind, total, page, pageCount } = loaderData;
  const all = Object.values(perKind).reduce((n, c) => n + (c ?? 0), 0);
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Blogs &amp; help</h1>
          <p className="mt-1 max-w-prose text-fg-muted">
            What the public reads at /blogs, /guides, /case-studies, /news-center and /help. Drafts stay hidden until
            published.
          </p>
        </div>
        <Link to={`/admin/content/new?kind=${kind ?? "blog"}`} className="btn-primary">
          <Plus aria-hidden className="size-4" /> New {CONTENT_KIND_INFO[kind ?? "blog"].noun}
        </Link>
      </div>

      <nav aria-label="Kinds of post" className="-mx-4 mt-5 overflow-x-auto px-4">
        <ul className="flex gap-2 pb-1">
          <li>
            <Link to={listHref(null)} className={tab(kind === null)} aria-current={kind === null ? "page" : undefined}>
              All <span className="font-normal">({all})</span>
            </Link>
          </li>
          {CONTENT_KINDS.map((k) => (
            <li key={k}>
              <Link to={listHref(k)} className={tab(kind === k)} aria-current={kind === k ? "page" : undefined}>
                {CONTENT_KIND_INFO[k].plural} <span className="font-normal">({perKind[k] ?? 0})</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {posts.length === 0 ? (
        <div className="card mt-6 p-6">
          <p className="font-medium">
            {kind ? `No ${CONTENT_KIND_INFO[kind].plural.toLowerCase()} yet.` : "Nothing written yet."}
          </p>
          <p className="mt-1 text-sm text-fg-muted">Write the first one: it stays a draft until you publish it.</p>
        </div>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-2xl border border-border">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">
              {total} {total === 1 ? "post" : "posts"}, last edited first
            </caption>
            <thead className="bg-surface-2 text-fg-muted">
              <tr>
                <th scope="col" className="px-4 py-2 font-semibold">
                  Title
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  Kind
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  Status
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  Last edited
                </th>
              </tr>
            </thead>
            <tbody>
              {posts.map((p) => (
                <tr key={p.id} className="border-t border-border align-top">
                  <td className="px-4 py-2">
                    <Link to={`/admin/content/${p.id}`} className="link">
                      {p.title}
                    </Link>
                    {p.status === "published" ? (
                      <Link
                        to={contentPostPath(p.kind, p.slug)}
                        className="mt-0.5 block text-xs text-fg-muted underline-offset-4 hover:underline"
                        aria-label={`View ‘${p.title}’ on the site`}
                      >
                        {contentPostPath(p.kind, p.slug)}
                      </Link>
                    ) : null}
                  </td>
                  <td className="px-4 py-2 whitespace-nowrap">
                    {CONTENT_KIND_INFO[p.kind].noun}
                    {p.topic ? <span className="block text-xs text-fg-muted">{p.topic}</span> : null}
                  </td>
                  <td className="px-4 py-2">
                    <span
                      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${
                        p.status === "published" ? "bg-brand-soft text-fg" : "bg-surface-2 text-fg-muted"
                      }`}
                    >
                      {p.status === "published" ? "Published" : "Draft"}
                    </span>
                  </td>
                  <td className="px-4 py-2 whitespace-nowrap">{formatTimestamp(new Date(p.updatedAt))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pageCount={pageCount} hrefFor={(p) => listHref(kind, p)} label="Post pages" />
    </>
  );
}
