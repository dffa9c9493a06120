import { describe, expect, it } from "vitest";
import { parseForm } from "~/lib/read-form";
import { encodeCells } from "./seat-layout";
import { SeatPlanForm } from "./seat-plan-form";

function form(fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields))
    for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
  const read = parseForm(body, SeatPlanForm);
  if (!read.ok) throw read.error;
  return read.data;
}

describe("the seat plan editor's form", () => {
  it("reads the size, row names, the plan and each section by its place in the lists", () => {
    const { layout, problems } = form({
      rows: "2",
      columns: "3",
      rowName: ["AA", "BB"],
      layout: "o.w\nxoc",
      sectionId: ["", "4b0e0a4e-8e0e-4c1e-9d7e-3b9a8f0f0f0f"],
      sectionName: ["Stalls", "Circle"],
      sectionFirstRow: ["1", "2"],
      sectionLastRow: ["1", "2"],
      sectionFirstColumn: ["1", "1"],
      sectionLastColumn: ["3", "3"],
    });
    expect(problems).toEqual([]);
    expect(layout.rows).toBe(2);
    expect(layout.rowNames).toEqual(["AA", "BB"]);
    expect(encodeCells(layout.cells)).toBe("o.w\nxoc");
    expect(layout.sections).toEqual([
      { id: null, name: "Stalls", firstRow: 1, lastRow: 1, firstColumn: 1, lastColumn: 3 },
      {
        id: "4b0e0a4e-8e0e-4c1e-9d7e-3b9a8f0f0f0f",
        name: "Circle",
        firstRow: 2,
        lastRow: 2,
        firstColumn: 1,
        lastColumn: 3,
      },
    ]);
  });

  it("fits the plan to a size changed without JavaScript, keeping what was drawn", () => {
    const { layout } = form({ rows: "3", columns: "2", rowName: ["A", "B"], layout: "w.o\nxoc" });
    expect(encodeCells(layout.cells)).toBe("w.\nxo\noo");
    expect(layout.rowNames).toEqual(["A", "B", "C"]);
  });

  it("reads rows split by / as the editor sends them, or by line breaks as a person types them", () => {
    const { layout } = form({ rows: "2", columns: "2", rowName: ["A", "B"], layout: "w./co" });
    expect(encodeCells(layout.cells)).toBe("w.\nco");
    expect(encodeCells(layout.cells, "/")).toBe("w./co");
  });

  it("takes the typed plan over the drawn one when it is sent", () => {
    const { layout } = form({ rows: "1", columns: "2", rowName: "A", layout: "oo", layoutText: "wc" });
    expect(encodeCells(layout.cells)).toBe("wc");
  });

  it("keeps numbers that are not numbers as NaN, for the check to name, and draws nothing for a bad size", () => {
    const { layout } = form({ rows: "lots", columns: "2", layout: "oo" });
    expect(layout.rows).toBeNaN();
    expect(layout.cells).toEqual([]);
    expect(form({ rows: "51", columns: "2" }).layout.cells).toEqual([]);
    expect(form({ rows: "2", columns: "61" }).layout.cells).toEqual([]);
  });

  it("names a character that means no position, unless a smaller size cut it off", () => {
    expect(form({ rows: "1", columns: "2", rowName: "A", layout: "o?" }).problems).toHaveLength(1);
    expect(form({ rows: "1", columns: "1", rowName: "A", layout: "o?" }).problems).toEqual([]);
  });
});
