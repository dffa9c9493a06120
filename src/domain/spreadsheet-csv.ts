import Papa from "papaparse";

/*
 * CSV files for a spreadsheet, as every Studio export writes them (decision 0033): UTF-8 with a byte
 * order mark (so Excel reads accents and emoji right), CRLF line ends, quotes where a cell needs them
 * (papaparse), and a cell a spreadsheet would run as a formula (= + - @, a tab or a carriage return
 * first) prefixed with ' so it stays text, whatever follows (papaparse's own test for this, with
 * `escapeFormulae: true`, misses a cell with a line break in it: "=HYPERLINK(…)\nthanks" went out as
 * a formula). Only Studio modules import this: the CSV library never reaches a buyer's browser.
 */

/** A cell a spreadsheet would run: its first character alone decides. No flags, so `test` keeps no state. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The byte order mark a file starts with. */
export const CSV_BOM = "\uFEFF";

/** Rows as CSV lines, each ended with CRLF: a whole file's body, or one chunk of a streamed file. */
export function csvLines(rows: readonly (readonly string[])[]): string {
  if (rows.length === 0) return "";
  return Papa.unparse(rows as string[][], { newline: "\r\n", escapeFormulae: FORMULA_START }) + "\r\n";
}

/** A whole file: the mark, the header and the rows. */
export function spreadsheetCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return CSV_BOM + csvLines([header, ...rows]);
}
