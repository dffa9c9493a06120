import { ArrowRight } from "lucide-react";
import { data, Link } from "react-router";
import { infoPageAt, TOC_FROM_SECTIONS } from "~/lib/info-pages.server";
import { PageIntro } from "~/web/components/page-intro";
import { publicUrlFrom, seo } from "~/web/lib/seo";
import type { Route } from "./+types/info-page";

/**
 * An information or legal page written in markdown (`content/pages/`): every such file has a route
 * of its own in routes.ts, and they all share this module. The address picks the file from the map
 * built at build time; an address with no file is a 404.
 */
export const handle = { title: (loaded: unknown) => (loaded as { page?: { title: string } } | undefined)?.page?.title };

const lastUpdated = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  day: "numeric",
  month: "long",
  year: "numeric",
});

export function loader({ request }: Route.LoaderArgs) {
  const page = infoPageAt(new URL(request.url).pathname);
  if (!page) throw data(null, { status: 404 });
  return {
    page: {
      ...page,
      updatedLabel: page.updated ? lastUpdated.format(new Date(`${page.updated}T12:00:00Z`)) : null,
      toc: page.toc.length >= TOC_FROM_SECTIONS ? page.toc : [],
    },
  };
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) => {
  if (!loaded) return [{ title: "Page not found · Ticketyboo" }, { name: "robots", content: "noindex" }];
  const { page } = loaded;
  return seo({
    title: `${page.title} · Ticketyboo`,
    description: page.description,
    path: `/${page.path}`,
    publicUrl: publicUrlFrom(matches),
  });
};

/** With contents: the text, and the contents beside it on wide screens (above it on narrow ones). */
const TOC_LAYOUT = "laptop:grid laptop:grid-cols-[minmax(0,1fr)_15rem] laptop:gap-12";

export default function InfoPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const hasToc = page.toc.length > 0;
  return (
    <article className="container-page py-10 tablet:py-14">
      <PageIntro
        eyebrow={page.eyebrow}
        title={page.title}
        lead={page.description}
        className="border-b border-border pb-8"
      >
        {page.cta || page.updatedLabel ? (
          <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-3">
            {page.cta ? (
              <Link to={page.cta.to} className="btn-primary">
                {page.cta.label} <ArrowRight aria-hidden className="size-4" />
              </Link>
            ) : null}
            {page.updatedLabel ? (
              <p className="text-sm text-fg-muted">
                Last updated <time dateTime={page.updated}>{page.updatedLabel}</time>
              </p>
            ) : null}
          </div>
        ) : null}
      </PageIntro>

      <div className={`mx-auto mt-8 max-w-5xl ${hasToc ? TOC_LAYOUT : ""}`}>
        {hasToc ? (
          <nav
            aria-labelledby="toc-heading"
            className="card mb-8 p-4 laptop:sticky laptop:top-24 laptop:order-2 laptop:mb-0 laptop:self-start
              laptop:border-0 laptop:bg-transparent laptop:p-0 laptop:shadow-none"
          >
            <h2 id="toc-heading" className="text-sm font-semibold text-fg">
              On this page
            </h2>
            <ol className="mt-2 space-y-1 text-sm">
              {page.toc.map((entry) => (
                <li key={entry.id}>
                  <a
                    href={`#${entry.id}`}
                    className="inline-block py-1 text-fg-muted underline-offset-4 hover:text-brand hover:underline"
                  >
                    {entry.text}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        <div className="min-w-0">
          {/* Rendered from markdown without raw HTML and sanitised (src/lib/markdown.server.ts). */}
          <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
          <p className="mt-12 border-t border-border pt-6 text-sm text-fg-muted">
            Something here out of date or unclear?{" "}
            <Link to="/contact" className="link">
              Tell us
            </Link>{" "}
            and we&apos;ll put it right.
          </p>
        </div>
      </div>
    </article>
  );
}
