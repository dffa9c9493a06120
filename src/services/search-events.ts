import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { normaliseQuery, SEARCH_FUZZY_THRESHOLD } from "~/domain/discovery";
import { conditions, endedLast, fetchCards, type EventCardData, type EventQuery } from "./discover-events";

export type SearchFilters = Pick<EventQuery, "category" | "eventType" | "range" | "freeOnly" | "maxPrice">;

export interface SearchResult extends EventCardData {
  /** How it matched: "words" (every word, or the start of it, appears) or "fuzzy" (a typo away). */
  match: "words" | "fuzzy";
  /** Relevance within its kind of match, 0–1. */
  score: number;
}

interface Hit {
  id: string;
  score: number;
}

/**
 * Public events matching what someone typed (spec §9): name, description, host first and last
 * name, host title, venue name and event type. Two tiers, so the common case stays cheap at any
 * size and typos still find something:
 *  1. Words: full-text search (English stemming, each word also as a prefix, so "kelh" finds
 *     Kelham) over all those fields, ranked with the name weighted highest.
 *  2. Fuzzy, only to fill a page the words left short: trigram word similarity from the spec's
 *     threshold of 0.5 on the short search text (name, type, host, venue, town), for the whole
 *     text or word by word, so "windmil brixtn" finds The Windmill Brixton.
 * Within each tier upcoming events come first, then the better match, then the sooner. The public
 * window (three days back) and the listing rule apply.
 */
export async function searchEvents(
  db: Db,
  input: {
    q: string;
    now: Date;
    limit: number;
    offset?: number;
    /** Count every match (for paging); the search box needs only the first few. */ withTotal?: boolean;
  } & SearchFilters,
): Promise<{ results: SearchResult[]; total: number }> {
  const withTotal = input.withTotal ?? true;
  const q = normaliseQuery(input.q);
  if (!q) return { results: [], total: 0 };
  const needle = q.toLowerCase();
  const words = searchWords(needle);
  const offset = input.offset ?? 0;
  const where = conditions({ ...input, scope: "public" });
  const tsquery = prefixQuery(words);

  const { wordHits, wordTotal, fuzzyHits, fuzzyTotal } = await db.transaction(async (tx) => {
    // `<%` uses this threshold (and the trigram index); it lasts for this transaction only.
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(SEARCH_FUZZY_THRESHOLD)}, true)`,
    );

    // Tier 1. The tsquery is inline (not joined in), so the planner uses the GIN index.
    const wordMatch = tsquery ? sql`e.search_vector @@ to_tsquery('english', ${tsquery})` : sql`false`;
    const wordRows = tsquery
      ? (
          await tx.execute<{ id: string; score: number }>(sql`
            select e.id, ts_rank_cd(e.search_vector, to_tsquery('english', ${tsquery}), 32) as score
            from event e where ${where} and ${wordMatch}
            order by ${endedLast(input.now)}, score desc, e.starts_at asc, e.id
            limit ${input.limit} offset ${offset}`)
        ).rows
      : [];
    let wordTotal = offset + wordRows.length;
    if (withTotal && (wordRows.length === input.limit || (offset > 0 && wordRows.length === 0))) {
      wordTotal = Number(
        (await tx.execute<{ n: number }>(sql`select count(*)::int as n from event e where ${where} and ${wordMatch}`))
          .rows[0]!.n,
      );
    }

    // Tier 2, after every word match: only what the words could not find.
    const fuzzyOffset = Math.max(0, offset - wordTotal);
    const fuzzyLimit = input.limit - wordRows.length;
    const fuzzyFrom = sql`from (
        select id from event where ${needle} <% search_text
        union select id from event where ${sql.join(
          words.map((w) => sql`${w} <% search_text`),
          sql` and `,
        )}
      ) m join event e on e.id = m.id
      where ${where} and not (${wordMatch})`;
    const fuzzyRows =
      fuzzyLimit > 0
        ? (
            await tx.execute<{ id: string; score: number }>(sql`
              select e.id, word_similarity(${needle}, e.search_text) as score ${fuzzyFrom}
              order by ${endedLast(input.now)}, score desc, e.starts_at asc, e.id
              limit ${fuzzyLimit} offset ${fuzzyOffset}`)
          ).rows
        : [];
    let fuzzyTotal = fuzzyOffset + fuzzyRows.length;
    if (
      withTotal &&
      (fuzzyLimit <= 0 || fuzzyRows.length === fuzzyLimit || (fuzzyOffset > 0 && fuzzyRows.length === 0))
    ) {
      fuzzyTotal = Number((await tx.execute<{ n: number }>(sql`select count(*)::int as n ${fuzzyFrom}`)).rows[0]!.n);
    }
    return { wordHits: toHits(wordRows), wordTotal, fuzzyHits: toHits(fuzzyRows), fuzzyTotal };
  });

  const cards = await fetchCards(
    db,
    [...wordHits, ...fuzzyHits].map((h) => ({ id: h.id })),
  );
  const tier = new Map<string, { match: SearchResult["match"]; score: number }>([
    ...wordHits.map((h) => [h.id, { match: "words" as const, score: h.score }] as const),
    ...fuzzyHits.map((h) => [h.id, { match: "fuzzy" as const, score: h.score }] as const),
  ]);
  return { results: cards.map((c) => ({ ...c, ...tier.get(c.id)! })), total: wordTotal + fuzzyTotal };
}

function toHits(rows: { id: string; score: number }[]): Hit[] {
  return rows.map((r) => ({ id: r.id, score: Number(r.score) }));
}

/**
 * The words of a query worth matching one by one: at most six, punctuation dropped, and words of
 * one or two letters left out unless that is all there is ("DJ").
 */
export function searchWords(needle: string): string[] {
  const words = needle
    .split(/[^\p{L}\p{N}']+/u)
    .map((w) => w.replace(/^'+|'+$/g, ""))
    .filter(Boolean);
  const long = words.filter((w) => w.length >= 3);
  const chosen = long.length > 0 ? long : words;
  return [...new Set(chosen)].slice(0, 6).concat(chosen.length === 0 ? [needle] : []);
}

/**
 * A tsquery in to_tsquery syntax where every word must appear, each also as a prefix:
 * 'kelh:* & quiz:*'. Only letters and digits reach it, so nothing typed can break its syntax.
 * Null when no word is left.
 */
export function prefixQuery(words: string[]): string | null {
  const terms = words.map((w) => w.replace(/[^\p{L}\p{N}]/gu, "")).filter(Boolean);
  return terms.length > 0 ? terms.map((t) => `${t}:*`).join(" & ") : null;
}
