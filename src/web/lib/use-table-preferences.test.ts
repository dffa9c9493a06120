import { describe, expect, it } from "vitest";
import { readTablePreferences } from "./use-table-preferences";

describe("stored table preferences", () => {
  it("reads each known table's hidden columns", () => {
    expect(
      readTablePreferences(
        JSON.stringify({
          EventList: { columnVisibility: { revenue: false, date: true } },
          Venue: { columnVisibility: {} },
        }),
      ),
    ).toEqual({ EventList: { columnVisibility: { revenue: false, date: true } }, Venue: { columnVisibility: {} } });
  });

  it("counts anything it can't trust as no preference", () => {
    expect(readTablePreferences(null)).toEqual({});
    expect(readTablePreferences("{not json")).toEqual({});
    expect(readTablePreferences("42")).toEqual({});
    expect(readTablePreferences(JSON.stringify({ Unknown: { columnVisibility: { a: false } } }))).toEqual({});
    expect(readTablePreferences(JSON.stringify({ EventList: { columnVisibility: "revenue" } }))).toEqual({});
    expect(
      readTablePreferences(JSON.stringify({ EventList: { columnVisibility: { sold: "no", revenue: false } } })),
    ).toEqual({ EventList: { columnVisibility: { revenue: false } } });
  });
});
