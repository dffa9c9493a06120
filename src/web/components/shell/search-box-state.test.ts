import { describe, expect, it } from "vitest";
import { SEARCH_SUGGESTIONS_DESKTOP, SEARCH_SUGGESTIONS_MOBILE } from "~/domain/discovery";
import {
  carryHighlight,
  initialSearchState,
  moveActive,
  optionCount,
  placeLabel,
  planSearch,
  resultsAnnouncement,
  searchHref,
  searchReducer,
  showsSeeAll,
  suggestionLimit,
  suggestionsUrl,
  type SearchAction,
  type SearchState,
  type Suggestion,
} from "./search-box-state";

function suggestion(id: string, extra: Partial<Suggestion> = {}): Suggestion {
  return {
    id,
    slug: id,
    name: `Event ${id}`,
    date: "2026-11-28T19:30:00.000Z",
    endDate: null,
    url: `/events/${id}`,
    venue: "Kelham Island Tavern",
    city: "Sheffield",
    online: false,
    image: null,
    price: "£3.03",
    category: "pubs-clubs-events",
    eventType: "quiz-night",
    ...extra,
  };
}

const run = (actions: SearchAction[], from: SearchState = initialSearchState) => actions.reduce(searchReducer, from);
const three = [suggestion("a"), suggestion("b"), suggestion("c")];
const loadedKelham = run([
  { type: "typed", query: "kelham" },
  { type: "loaded", query: "kelham", results: three },
]);

describe("suggestionLimit", () => {
  it("asks for 10 suggestions on larger screens and 5 on phones (spec §9)", () => {
    expect(suggestionLimit(false)).toBe(SEARCH_SUGGESTIONS_DESKTOP);
    expect(suggestionLimit(false)).toBe(10);
    expect(suggestionLimit(true)).toBe(SEARCH_SUGGESTIONS_MOBILE);
    expect(suggestionLimit(true)).toBe(5);
  });
});

describe("urls", () => {
  it("encodes the query for the API and the results page", () => {
    expect(suggestionsUrl("rock & roll", 5)).toBe("/api/search?q=rock+%26+roll&limit=5");
    expect(searchHref("  kelham   quiz ")).toBe("/search?q=kelham+quiz");
    expect(searchHref("   ")).toBe("/search");
  });
});

describe("planSearch", () => {
  const idle = { query: "", status: "idle" as const };

  it("clears for empty or whitespace-only text (spec §5)", () => {
    expect(planSearch("", idle)).toEqual({ kind: "clear" });
    expect(planSearch("   \t ", { query: "kelham", status: "done" })).toEqual({ kind: "clear" });
  });

  it("searches the trimmed, collapsed text", () => {
    expect(planSearch("  kelham   quiz ", idle)).toEqual({ kind: "search", query: "kelham quiz" });
  });

  it("does not search again when only spacing changed", () => {
    expect(planSearch("kelham ", { query: "kelham", status: "done" })).toEqual({ kind: "keep" });
    expect(planSearch("kelham ", { query: "kelham", status: "loading" })).toEqual({ kind: "keep" });
  });

  it("retries the same text after a failure", () => {
    expect(planSearch("kelham ", { query: "kelham", status: "error" })).toEqual({ kind: "search", query: "kelham" });
  });
});

describe("moveActive", () => {
  it("goes down from nothing to the first option and wraps from the last to the first", () => {
    expect(moveActive(-1, 3, "next")).toBe(0);
    expect(moveActive(0, 3, "next")).toBe(1);
    expect(moveActive(2, 3, "next")).toBe(0);
  });

  it("goes up from nothing to the last option and wraps from the first to the last", () => {
    expect(moveActive(-1, 3, "previous")).toBe(2);
    expect(moveActive(1, 3, "previous")).toBe(0);
    expect(moveActive(0, 3, "previous")).toBe(2);
  });

  it("jumps to either end, and has nowhere to go without options", () => {
    expect(moveActive(1, 3, "first")).toBe(0);
    expect(moveActive(1, 3, "last")).toBe(2);
    expect(moveActive(-1, 0, "next")).toBe(-1);
    expect(moveActive(-1, 0, "previous")).toBe(-1);
  });

  it("recovers from an index past the end (the list got shorter)", () => {
    expect(moveActive(7, 3, "next")).toBe(0);
    expect(moveActive(7, 3, "previous")).toBe(2);
  });
});

describe("texts", () => {
  it("announces the number of results", () => {
    expect(resultsAnnouncement(0)).toBe("No results");
    expect(resultsAnnouncement(1)).toBe("1 result");
    expect(resultsAnnouncement(5)).toBe("5 results");
  });

  it("names the venue and town, or Online", () => {
    expect(placeLabel({ venue: "The Windmill Brixton", city: "London", online: false })).toBe(
      "The Windmill Brixton, London",
    );
    expect(placeLabel({ venue: "The Windmill Brixton", city: null, online: false })).toBe("The Windmill Brixton");
    expect(placeLabel({ venue: null, city: null, online: true })).toBe("Online");
    expect(placeLabel({ venue: null, city: null, online: false })).toBe("");
  });
});

describe("searchReducer", () => {
  it("opens in the searching state when text is typed, keeping the last results on screen", () => {
    const state = run([{ type: "typed", query: "kelham q" }], loadedKelham);
    expect(state).toMatchObject({ query: "kelham q", status: "loading", open: true, active: -1 });
    expect(state.results).toBe(three);
  });

  it("shows the results for the current text, with See all as the last option", () => {
    expect(loadedKelham).toMatchObject({ status: "done", open: true, results: three });
    expect(showsSeeAll(loadedKelham)).toBe(true);
    expect(optionCount(loadedKelham)).toBe(4);
  });

  it("never lets an older response overwrite a newer query", () => {
    const state = run([
      { type: "typed", query: "kelham quiz" },
      { type: "loaded", query: "kelham", results: [suggestion("old")] },
      { type: "failed", query: "kelham" },
    ]);
    expect(state).toMatchObject({ query: "kelham quiz", status: "loading", results: [] });
  });

  it("has no options (so no See all) when nothing matches", () => {
    const state = run([
      { type: "typed", query: "zzqx" },
      { type: "loaded", query: "zzqx", results: [] },
    ]);
    expect(state.status).toBe("done");
    expect(showsSeeAll(state)).toBe(false);
    expect(optionCount(state)).toBe(0);
    expect(run([{ type: "move", move: "next" }], state).active).toBe(-1);
  });

  it("offers See all while searching and after a failure", () => {
    const searching = run([{ type: "typed", query: "jazz" }]);
    expect(optionCount(searching)).toBe(1);
    const failed = run([{ type: "failed", query: "jazz" }], searching);
    expect(failed).toMatchObject({ status: "error", results: [] });
    expect(optionCount(failed)).toBe(1);
  });

  it("hides everything when the text is emptied", () => {
    expect(run([{ type: "typed", query: "" }], loadedKelham)).toEqual(initialSearchState);
  });

  it("moves the highlight with wrapping, over the results and See all", () => {
    const down = (n: number, from: SearchState) =>
      run(
        Array.from({ length: n }, () => ({ type: "move", move: "next" }) as const),
        from,
      );
    expect(down(1, loadedKelham).active).toBe(0);
    expect(down(4, loadedKelham).active).toBe(3); // See all
    expect(down(5, loadedKelham).active).toBe(0);
    expect(run([{ type: "move", move: "previous" }], loadedKelham).active).toBe(3);
  });

  it("closes on Escape or Tab without forgetting the results, and an arrow key reopens from the top", () => {
    const closed = run(
      [{ type: "move", move: "next" }, { type: "move", move: "next" }, { type: "close" }],
      loadedKelham,
    );
    expect(closed).toMatchObject({ open: false, active: -1, results: three, query: "kelham" });
    expect(run([{ type: "move", move: "next" }], closed)).toMatchObject({ open: true, active: 0 });
    expect(run([{ type: "move", move: "previous" }], closed)).toMatchObject({ open: true, active: 3 });
    expect(run([{ type: "open" }], closed)).toMatchObject({ open: true, active: -1 });
  });

  it("does nothing on arrow keys or open when there is no query", () => {
    expect(run([{ type: "move", move: "next" }, { type: "open" }])).toEqual(initialSearchState);
  });

  it("drops the highlight when the caret moves in the text", () => {
    expect(run([{ type: "move", move: "next" }, { type: "unhighlight" }], loadedKelham).active).toBe(-1);
  });
});

describe("carryHighlight", () => {
  it("keeps See all highlighted when new results arrive", () => {
    const onSeeAll = { ...loadedKelham, active: 3 };
    expect(carryHighlight(onSeeAll, [suggestion("x")])).toBe(1);
    expect(carryHighlight(onSeeAll, [])).toBe(-1);
  });

  it("follows a highlighted event to its new place, or lets go when it has gone", () => {
    const onB = { ...loadedKelham, active: 1 };
    expect(carryHighlight(onB, [suggestion("z"), suggestion("y"), suggestion("b")])).toBe(2);
    expect(carryHighlight(onB, [suggestion("z")])).toBe(-1);
    expect(carryHighlight(loadedKelham, three)).toBe(-1);
  });
});
