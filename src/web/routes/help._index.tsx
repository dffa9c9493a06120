import { LifeBuoy, Search } from "lucide-react";
import { Form, Link } from "react-router";
import { z } from "zod";
import { contentPostPath, HELP_QUERY_MAX, tidyHelpQuery } from "~/domain/content-posts";
import { parseQuery } from "~/lib/read-form";
import { helpCentre, type PublicPostSummary } from "~/services/content-posts";
import { StillNeedHelp } from "~/web/components/content/support-links";
import { publicUrlFrom, seo } from "~/web/lib/seo";
import type { Route } from "./+types/help._index";

export const handle = { title: "Help centre" };

export const meta: Route.MetaFunction = ({ data, matches }) =>
  seo({
    title: data?.query ? `Help: ${data.query} · Ticketyboo` : "Help centre · Ticketyboo",
    description:
      "Answers about buying tickets, refunds, sending tickets to friends, hosting events, the door app and payouts " +
      "on Ticketyboo, with live chat when you need a person.",
    path: "/help",
    publicUrl: publicUrlFrom(matches),
    // A search's results are a moment's answer, not a page to list.
    noindex: Boolean(data?.query),
  });

// Anything typed is accepted and tidied (one line, at most HELP_QUERY_MAX characters): never an error page.
const HelpQuery = z.object({ q: z.string().default("").transform(tidyHelpQuery) });

export async function loader({ context, request }: Route.LoaderArgs) {
  const read = parseQuery(request.url, HelpQuery);
  const query = read.ok ? read.data.q : "";
  const centre = await helpCentre(context.database.db, { query });
  return { ...centre, chatUrl: context.chatSupportUrl, signedIn: context.user !== null };
}

export default function HelpCentre({ loaderData }: Route.ComponentProps) {
  const { query, topics, results, chatUrl, signedIn } = loaderData;
  return (
    <div className="container-page max-w-4xl py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">Help centre</h1>
      <p className="mt-2 max-w-2xl text-fg-muted">
        Answers to the questions buyers and hosts ask most. Can&apos;t find yours?{" "}
        {chatUrl ? "Chat with us or send a message." : "Send us a message."}
      </p>

      <Form method="get" action="/help" role="search" aria-label="Help articles" className="mt-6 flex gap-2">
        <label htmlFor="help-q" className="sr-only">
          Search help articles
        </label>
        <div className="relative min-w-0 flex-1">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-muted"
          />
          <input
            id="help-q"
            type="search"
            name="q"
            defaultValue={query}
            key={query}
            maxLength={HELP_QUERY_MAX}
            placeholder="Refunds, transfers, payouts…"
            className="h-11 w-full rounded-full border border-border bg-surface pr-4 pl-9 text-fg
              placeholder:text-fg-muted/70 focus:border-brand focus:outline-none"
          />
        </div>
        <button type="submit" className="btn-primary h-11">
          Search
        </button>
      </Form>

      {results ? (
        <SearchResults query={query} results={results} chatUrl={chatUrl} signedIn={signedIn} />
      ) : topics.length === 0 ? (
        <div className="card mt-8 p-6">
          <LifeBuoy aria-hidden className="size-8 text-brand" />
          <p className="mt-3 font-medium">
            No help articles yet. Our team is writing them: until then, ask us directly.
          </p>
        </div>
      ) : (
        <div className="mt-10 grid grid-cols-1 gap-10 tablet:grid-cols-2">
          {topics.map((t, i) => (
            <section key={t.topic} aria-labelledby={`topic-${i}`}>
              <h2 id={`topic-${i}`} className="text-xl font-bold">
                {t.topic}
              </h2>
              <ArticleList articles={t.articles} />
            </section>
          ))}
        </div>
      )}

      {results?.length === 0 ? null : <StillNeedHelp chatUrl={chatUrl} signedIn={signedIn} />}
    </div>
  );
}

function SearchResults({
  query,
  results,
  chatUrl,
  signedIn,
}: {
  query: string;
  results: PublicPostSummary[];
  chatUrl: string | null;
  signedIn: boolean;
}) {
  return (
    <section aria-labelledby="results-heading" className="mt-8">
      <h2 id="results-heading" className="text-xl font-bold" aria-live="polite">
        {results.length === 0
          ? `No articles match ‘${query}’`
          : `${results.length} ${results.length === 1 ? "article matches" : "articles match"} ‘${query}’`}
      </h2>
      {results.length === 0 ? (
        <>
          <p className="mt-2 text-fg-muted">
            Try fewer or different words, or{" "}
            <Link to="/help" className="link">
              browse every topic
            </Link>
            . Or ask a person: we&apos;re happy to help.
          </p>
          <StillNeedHelp chatUrl={chatUrl} signedIn={signedIn} heading="Ask our team" />
        </>
      ) : (
        <>
          <ArticleList articles={results} showTopic />
          <p className="mt-6 text-sm">
            <Link to="/help" className="link">
              Browse every topic
            </Link>
          </p>
        </>
      )}
    </section>
  );
}

function ArticleList({ articles, showTopic = false }: { articles: PublicPostSummary[]; showTopic?: boolean }) {
  return (
    <ul className="mt-3 divide-y divide-border border-y border-border">
      {articles.map((a) => (
        <li key={a.id} className="py-3">
          <Link to={contentPostPath("help", a.slug)} className="link font-semibold">
            {a.title}
          </Link>
          {showTopic && a.topic ? <span className="ml-2 text-xs text-fg-muted">{a.topic}</span> : null}
          {a.description ? <p className="mt-1 text-sm text-fg-muted">{a.description}</p> : null}
        </li>
      ))}
    </ul>
  );
}
