import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { csvLines } from "./spreadsheet-csv";

describe("a cell a spreadsheet would run", () => {
  it("is kept as text by its first character, whatever follows it, line breaks included", () => {
    const cells = ["=1+1", "=1+1\nx", "+44 7700\r\n", "-2+3\n", "@SUM(A1)\nB", "\t=1\n", "\r=1", "a\n=1", "0.50"];
    const [row] = Papa.parse<string[]>(csvLines([cells])).data;
    expect(row).toEqual([
      "'=1+1",
      "'=1+1\nx",
      "'+44 7700\r\n",
      "'-2+3\n",
      "'@SUM(A1)\nB",
      "'\t=1\n",
      "'\r=1",
      "a\n=1",
      "0.50",
    ]);
  });
});
