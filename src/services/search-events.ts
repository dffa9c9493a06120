import { sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { normaliseQuery } from "~/domain/discovery";
import { conditions, endsAt, fetchCards, type EventCardData, type EventQuery } from "./discover-events";

export type SearchFilters = Pick<EventQuery, "category" | "eventType" | "range" | "freeOnly" | "maxPrice">;

export interface SearchResult extends EventCardData {
  /**
   * How it matched: "words" (every word as typed, or the start of the last) or "fuzzy" (with typos, or not every word).
   */
  match: "words" | "fuzzy";
  /** Typos it took, over all the words it matched. */
  typos: number;
  /** How many of the query's words it matched. */
  wordsMatched: number;
}

/** Typos a word may have by its length (Algolia's, Meilisearch's and Typesense's defaults). */
export function typosAllowed(word: string): number {
  const letters = [...word].length;
  return letters >= 9 ? 2 : letters >= 5 ? 1 : 0;
}

/**
 * Matches a word is ranked on: the best field first (name, then type, host, venue and town, then
 * summary and description), the closeness of the words and every other criterion only within
 * this many events, the soonest that match; beyond them results follow by date. Ranking reads each
 * candidate's search document several times; at a million events a common word matches tens of
 * thousands, and ranking them all would cost more than the search itself. A hundred: the first ten
 * pages of results (decision 0029).
 */
export const RANKED_WINDOW = 100;
/**
 * How a tier finds its window: walking the date index and keeping the events that match, or asking
 * the full-text index for every match and sorting them. The walk reads about window / selectivity
 * rows, whatever the size of the marketplace; the full-text index reads every match. So the walk
 * is taken when the dictionary's counts say it reads fewer rows (with WALK_MARGIN to spare), up to
 * MAX_WALK rows; a walk that finds too few falls back to the full-text index.
 */
const WALK_MARGIN = 1.5;
const MAX_WALK = 50_000;

/** Rows to walk in date order to find `window` matches at this share, or null when the full-text index reads fewer. */
export function rowsToWalk(selectivity: number, listed: number, window: number): number | null {
  if (selectivity <= 0 || listed <= 0) return null;
  const walk = Math.ceil((window * WALK_MARGIN) / Math.min(1, selectivity));
  return walk <= MAX_WALK && walk < selectivity * listed ? walk : null;
}
/** Completions of the last word taken from the dictionary (the most common first). */
const COMPLETIONS = 30;
/** Typo neighbours taken per word (the fewest typos, then the most common, first). */
const NEIGHBOURS = 20;

/** One way a typed word may appear in an event: a word of the dictionary, or what was typed. */
interface Term {
  /** Letters and digits only; what goes into the tsquery. */
  text: string;
  typos: number;
  /** Matched as the start of a word ("wind" for windmill), not the whole word: ranked after whole words. */
  prefix: boolean;
  /**
   * Matched in the index as a start (":*"). Only what was typed last, and only when the dictionary
   * had more words starting with it than it gave: its completions are otherwise whole words, and a
   * start in the full-text index costs several times a whole word (every entry it begins is read).
   */
  star?: boolean;
}

interface Word {
  typed: string;
  terms: Term[];
  /** Listed events with the word or one of its neighbours, at most (from the dictionary). */
  events: number;
}

/**
 * Public events matching what someone typed (spec §9; decision 0006) in their name, type, host's
 * names and title, venue and town, summary or description. Each word of five letters or more may
 * have one typo, of nine or more two (insertion, deletion, substitution or swap of neighbours); the
 * last word is also the start of a word; order, accents and case never matter. Typo neighbours
 * come from the dictionary of words (`search_word`) and go, with what was typed, to the full-text
 * index.
 *
 * Ranking: events with every word first, then with fewer; then fewer typos; then the words next
 * to each other; then the field (all in the name, all in name, type, host, venue or town, else);
 * then whole words before starts of words; then upcoming before ended, sooner first. When nothing
 * matches, `didYouMean` is the closest query that would find something.
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
): Promise<{ results: SearchResult[]; total: number; didYouMean: string | null }> {
  const withTotal = input.withTotal ?? true;
  const typed = searchWords(normaliseQuery(input.q));
  if (typed.length === 0) return { results: [], total: 0, didYouMean: null };
  const offset = input.offset ?? 0;
  const where = conditions({ ...input, scope: "public" });

  const outcome = await db.transaction(async (tx) => {
    // The trigram prefilter for neighbours, lasting this transaction only. Low, so that words
    // within their allowed typos are not missed (a swap in a five-letter word leaves a similarity
    // of 0.2, and 0.17 with the start of a longer word); Levenshtein (in C) and then the typos
    // themselves decide.
    await tx.execute(
      sql`select set_config('pg_trgm.similarity_threshold', '0.15', true),
        set_config('pg_trgm.word_similarity_threshold', '0.15', true)`,
    );
    const { words, listed } = await lookUpWords(tx, typed);
    const all = andQuery(words.map((w) => w.terms));
    if (!all) return { hits: [], total: 0, didYouMean: null };
    // The share of listed events a tier's words are in, at most (the dictionary counts each word's events).
    const share = (events: number) => (listed > 0 ? events / listed : 0);

    // Tier 1: every word.
    const allMatch = sql`e.search_vector @@ to_tsquery('english', ${all})`;
    const allPerRow = sql`e.search_vector @@ (select to_tsquery('english', ${all}))`;
    const wordsHit = await rankedTier(tx, {
      where,
      match: allMatch,
      perRow: allPerRow,
      // Every word: as if the words were independent (each word's share multiplied); correlated words
      // under-find on the walk, which then falls back to the full-text index.
      selectivity: words.reduce((product, w) => product * Math.min(1, share(w.events)), 1),
      listed,
      now: input.now,
      words,
      everyWord: true,
      limit: input.limit,
      offset,
    });
    let total1 = offset + wordsHit.length;
    if (withTotal && (wordsHit.length === input.limit || (offset > 0 && wordsHit.length === 0)))
      total1 = await count(tx, sql`${where} and ${allMatch}`);
    // Tier 2: some of the words, only to fill what the first left short.
    let fewerHit: Hit[] = [];
    let total2 = 0;
    const some = words.length > 1 ? orQuery(words.map((w) => w.terms)) : null;
    if (some) {
      // Only the first condition is inline, for the index and the planner's estimate; the second
      // is a sub-select, parsed once rather than for every row it filters.
      const fewerMatch = sql`e.search_vector @@ to_tsquery('english', ${some}) and not ${allPerRow}`;
      const fewerPerRow = sql`e.search_vector @@ (select to_tsquery('english', ${some})) and not ${allPerRow}`;
      const limit = input.limit - wordsHit.length;
      const fewerOffset = Math.max(0, offset - total1);
      fewerHit =
        limit > 0
          ? await rankedTier(tx, {
              where,
              match: fewerMatch,
              perRow: fewerPerRow,
              // Some of the words: the share with at least one, as if independent.
              selectivity: 1 - words.reduce((none, w) => none * (1 - Math.min(1, share(w.events))), 1),
              listed,
              now: input.now,
              words,
              everyWord: false,
              limit,
              offset: fewerOffset,
            })
          : [];
      total2 = fewerOffset + fewerHit.length;
      if (withTotal && (limit <= 0 || fewerHit.length === limit || (fewerOffset > 0 && fewerHit.length === 0)))
        total2 = await count(tx, sql`${where} and ${fewerMatch}`);
    }
    const hits = [...wordsHit, ...fewerHit];
    const didYouMean = hits.length === 0 && offset === 0 ? await suggest(tx, where, words) : null;
    return { hits, total: total1 + total2, didYouMean };
  });

  const cards = await fetchCards(
    db,
    outcome.hits.map((h) => ({ id: h.id })),
  );
  const byId = new Map(outcome.hits.map((h) => [h.id, h]));
  return {
    results: cards.map((c) => {
      const hit = byId.get(c.id)!;
      return {
        ...c,
        typos: hit.typos,
        wordsMatched: hit.words,
        match: hit.typos === 0 && hit.words === typed.length ? "words" : "fuzzy",
      };
    }),
    total: outcome.total,
    didYouMean: outcome.didYouMean,
  };
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

interface Hit {
  id: string;
  typos: number;
  words: number;
}

async function count(tx: Tx, where: SQL): Promise<number> {
  return Number(
    (await tx.execute<{ n: number }>(sql`select count(*)::int as n from event e where ${where}`)).rows[0]!.n,
  );
}

/**
 * Each typed word with the ways it may appear: as typed (the last also as a start), its typo
 * neighbours in the dictionary within the typos its length allows, and for the last word the
 * dictionary's words that start with it, or with it a typo or two away. One query for all words:
 * trigram index first, then the edit distance (search_typos, in the migration).
 */
async function lookUpWords(tx: Tx, typed: string[]): Promise<{ words: Word[]; listed: number }> {
  const last = typed.length;
  const { rows } = await tx.execute<{
    pos: number;
    typed: string;
    own: number | null;
    listed: number;
    word: string | null;
    events: number | null;
    typos: number | null;
    prefix: boolean | null;
  }>(sql`
    with q as (
      select u.pos::int as pos, f.w, case when length(f.w) >= 9 then 2 when length(f.w) >= 5 then 1 else 0 end as k,
      u.pos = ${last} as last
      from unnest(array[${sql.join(
        typed.map((w) => sql`${w}`),
        sql`, `,
      )}]::text[]) with ordinality as u(raw, pos), lateral (select search_fold(u.raw) as w) f
    )
    select q.pos, q.w as typed, (select events from search_word where word = q.w) as own,
           (select greatest(reltuples, 0)::int from pg_class where oid = 'event'::regclass) as listed, c.word,
           c.events, c.typos, c.prefix
    from q left join lateral (
      (select d.word, d.events, t.typos, false as prefix
         from search_word d, lateral (select search_typos(q.w, d.word, q.k, false) as typos) t
        where q.k > 0 and d.word % q.w and d.word <> q.w and levenshtein_less_equal(q.w, d.word, 2 * q.k) <= 2 * q.k
        and t.typos <= q.k
        order by t.typos, d.events desc, d.word limit ${NEIGHBOURS})
      union all
      (select d.word, d.events, t.typos, true as prefix
         from search_word d, lateral (select case when d.word like q.w || '%' then 0 else search_typos(q.w, d.word,
         q.k, true) end as typos) t
        where q.last and d.word <> q.w
          and (d.word like q.w || '%' or (q.k > 0 and q.w <% d.word and levenshtein_less_equal(q.w, left(d.word,
          length(q.w)), 3 * q.k) <= 3 * q.k))
          and t.typos <= q.k
        order by t.typos, d.events desc, d.word limit ${COMPLETIONS})
    ) c on true
    order by q.pos`);
  const words = new Map<number, Word>();
  let completions = 0;
  for (const r of rows) {
    const pos = Number(r.pos);
    let word = words.get(pos);
    if (!word) {
      const typedTerm = termText(r.typed);
      word = {
        typed: r.typed,
        terms: typedTerm
          ? [
              { text: typedTerm, typos: 0, prefix: false },
              ...(pos === last ? [{ text: typedTerm, typos: 0, prefix: true, star: true }] : []),
            ]
          : [],
        events: Number(r.own ?? 0),
      };
      words.set(pos, word);
    }
    const text = r.word === null ? "" : termText(r.word);
    if (r.prefix) completions++;
    if (text && !word.terms.some((t) => t.text === text && !t.prefix)) {
      word.terms.push({ text, typos: Number(r.typos), prefix: Boolean(r.prefix) });
      word.events += Number(r.events ?? 0);
    }
  }
  // Every word that starts with what was typed last is among its completions (the dictionary holds
  // every word of every event): the start itself need not be looked for in the index.
  const lastWord = words.get(last);
  if (lastWord && completions < COMPLETIONS) lastWord.terms = lastWord.terms.filter((t) => !t.star);
  return { words: [...words.values()].filter((w) => w.terms.length > 0), listed: Number(rows[0]?.listed ?? 0) };
}

/** A term for to_tsquery: letters and digits only, so nothing typed can change the query's syntax. */
function termText(word: string): string {
  return word.replace(/[^\p{L}\p{N}]/gu, "");
}

/** One word's terms, OR-ed, optionally only those with at most `maxTypos`, whole words only, or in some fields. */
function wordQuery(terms: Term[], opts: { maxTypos?: number; whole?: boolean; weights?: string } = {}): string | null {
  const chosen = terms.filter(
    (t) => (opts.maxTypos === undefined || t.typos <= opts.maxTypos) && (!opts.whole || !t.prefix),
  );
  if (chosen.length === 0) return null;
  // A start is matched as one (":*", weights after it: "wind:*A"); anything else as a whole word ("wind:A").
  const parts = chosen.map(
    (t) => `${t.text}${t.star ? ":*" : ""}${opts.weights ? `${t.star ? "" : ":"}${opts.weights}` : ""}`,
  );
  return `(${[...new Set(parts)].join(" | ")})`;
}

function andQuery(words: Term[][], opts?: Parameters<typeof wordQuery>[1], joiner = " & "): string | null {
  const parts = words.map((w) => wordQuery(w, opts));
  if (parts.some((p) => p === null) || parts.length === 0) return null;
  return parts.join(joiner);
}

function orQuery(words: Term[][]): string | null {
  const parts = words.map((w) => wordQuery(w)).filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join(" | ") : null;
}

/**
 * Whether a candidate's document matches a query. The tsquery is a sub-select, so it is parsed
 * once per statement, not once per row (to_tsquery is only stable, so it is not folded).
 */
const matches = (query: string | null) =>
  query === null ? sql`false` : sql`v @@ (select to_tsquery('english', ${query}))`;

/**
 * One tier's page. The RANKED_WINDOW soonest matches are ranked (typos, closeness, field, whole
 * words, then date); any further matches follow them by date, so pages stay consistent. Common
 * words look for the window by walking the soonest events first (rowsToWalk).
 */
async function rankedTier(
  tx: Tx,
  opts: {
    where: SQL;
    /** The match inline, for the full-text index. */ match: SQL;
    /** The match as a filter, its tsquery parsed once. */ perRow: SQL;
    /** The share of listed events that may match, from the dictionary (see rowsToWalk). */ selectivity: number;
    listed: number;
    now: Date;
    words: Word[];
    everyWord: boolean;
    limit: number;
    offset: number;
  },
): Promise<Hit[]> {
  const window = Math.max(RANKED_WINDOW, opts.offset + opts.limit);
  const scan = rowsToWalk(opts.selectivity, opts.listed, window);
  if (scan !== null) {
    // The tsquery is a sub-select here, so the planner walks the date index, not the full-text one.
    const soonest = sql`
      select e.id, e.starts_at, e.ends_at, e.search_vector from (
        select e.id, e.starts_at, e.ends_at, e.search_vector from event e where ${opts.where} order by e.starts_at,
        e.id limit ${scan}
      ) e
      where ${opts.perRow}
      order by e.starts_at, e.id limit ${window}`;
    const found = await rankQuery(tx, soonest, opts);
    if (found.candidates >= window) return found.hits;
  }
  // Ordered by an expression the date index cannot give, so the planner finds the matches with
  // the full-text index and sorts them: walking the date index and filtering, which it chose
  // when it overestimated the matches, read 43,000 rows for 200 at a million events.
  const indexed = sql`
    select e.id, e.starts_at, e.ends_at, e.search_vector from event e
    where ${opts.where} and ${opts.match}
    order by e.starts_at + interval '0 seconds', e.id limit ${window}`;
  return (await rankQuery(tx, indexed, opts)).hits;
}

async function rankQuery(
  tx: Tx,
  candidateSql: SQL,
  opts: { now: Date; words: Word[]; everyWord: boolean; limit: number; offset: number },
): Promise<{ hits: Hit[]; candidates: number }> {
  const termsOf = opts.words.map((w) => w.terms);
  const matchedWords = opts.everyWord
    ? sql`${opts.words.length}`
    : sql`(${sql.join(
        termsOf.map((t) => sql`(case when ${matches(wordQuery(t))} then 1 else 0 end)`),
        sql` + `,
      )})`;
  // Per word, the fewest typos it was matched with (a word not matched counts none).
  const typoParts = termsOf
    .filter((t) => t.some((term) => term.typos > 0))
    .map(
      (t) =>
        sql`(case when ${matches(wordQuery(t, { maxTypos: 0 }))} then 0 when ${matches(wordQuery(t, { maxTypos: 1 }))}
          then 1 when ${matches(wordQuery(t))} then 2 else 0 end)`,
    );
  const typos = typoParts.length > 0 ? sql`(${sql.join(typoParts, sql` + `)})` : sql`0`;
  const closeness =
    opts.everyWord && termsOf.length > 1
      ? sql`(case when ${matches(andQuery(termsOf, {}, " <-> "))} then 0 else 1 end)`
      : sql`0`;
  const field = opts.everyWord
    ? sql`(case when ${matches(andQuery(termsOf, { weights: "A" }))} then 0 when
      ${matches(andQuery(termsOf, { weights: "AB" }))} then 1 else 2 end)`
    : sql`(case when ${matches(orWeighted(termsOf, "A"))} then 0 when ${matches(orWeighted(termsOf, "AB"))} then 1
      else 2 end)`;
  const whole = sql`(case when
    ${matches(opts.everyWord ? andQuery(termsOf, { whole: true }) : orWeightedWhole(termsOf))} then 0 else 1 end)`;
  const ranked = sql`m.rn <= ${RANKED_WINDOW}`;
  const { rows } = await tx.execute<{ id: string | null; typos: number; words: number; candidates: number }>(sql`
    with m as (
      select e.id, e.starts_at, e.search_vector as v, ${endsAt} <= ${opts.now} as ended, row_number() over (order by
      e.starts_at, e.id) as rn
      from (${candidateSql}) e
    ), k as (
      select m.id, m.starts_at, m.ended, m.rn, ${matchedWords} as words, ${typos} as typos,
             case when ${ranked} then ${closeness} else 0 end as closeness,
             case when ${ranked} then ${field} else 0 end as field,
             case when ${ranked} then ${whole} else 0 end as whole
      from m
    ), page as (
      select id, typos, words from k
      order by (rn > ${RANKED_WINDOW}), words desc, typos, closeness, field, whole, ended, starts_at, id
      limit ${opts.limit} offset ${opts.offset}
    )
    select page.*, (select count(*)::int from m) as candidates from (select 1) one left join page on true`);
  const candidates = Number(rows[0]?.candidates ?? 0);
  return {
    hits: rows.filter((r) => r.id !== null).map((r) => ({ id: r.id!, typos: Number(r.typos), words: Number(r.words) })),
    candidates,
  };
}

function orWeighted(words: Term[][], weights: string): string | null {
  const parts = words.map((w) => wordQuery(w, { weights })).filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join(" | ") : null;
}

function orWeightedWhole(words: Term[][]): string | null {
  const parts = words.map((w) => wordQuery(w, { whole: true })).filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join(" | ") : null;
}

/**
 * "Did you mean": each word's closest dictionary word a typo further than its length allows (a
 * four-letter word one typo away, a five-letter one two), the commoner first, and the query they
 * make if it finds a public event. Null when no such query finds anything.
 */
async function suggest(tx: Tx, where: SQL, words: Word[]): Promise<string | null> {
  const { rows } = await tx.execute<{ pos: number; typed: string; word: string | null }>(sql`
    with q as (
      select u.pos::int as pos, u.w, case when length(u.w) >= 9 then 3 when length(u.w) >= 5 then 2 when length(u.w)
      >= 3 then 1 else 0 end as k
      from unnest(array[${sql.join(
        words.map((w) => sql`${w.typed}`),
        sql`, `,
      )}]::text[]) with ordinality as u(w, pos)
    )
    select q.pos, q.w as typed, c.word
    from q left join lateral (
      select d.word from search_word d, lateral (select search_typos(q.w, d.word, q.k, false) as typos) t
      where q.k > 0 and d.word % q.w and t.typos <= q.k
      order by t.typos, d.events desc, d.word limit 1
    ) c on true
    order by q.pos`);
  const chosen = rows.map((r) => r.word ?? r.typed);
  if (chosen.every((w, i) => w === rows[i]!.typed)) return null;
  const query = chosen.map(termText).filter(Boolean).join(" & ");
  if (!query) return null;
  const found = await tx.execute(
    sql`select 1 from event e where ${where} and e.search_vector @@ to_tsquery('english', ${query}) limit 1`,
  );
  return found.rows.length > 0 ? chosen.join(" ") : null;
}

/**
 * The words of a query worth matching one by one: split on anything but letters and digits, at
 * most six, and words of one or two letters left out unless that is all there is ("DJ").
 */
export function searchWords(needle: string): string[] {
  const words = needle
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const long = words.filter((w) => [...w].length >= 3);
  const chosen = long.length > 0 ? long : words;
  return [...new Set(chosen)].slice(0, 6);
}
