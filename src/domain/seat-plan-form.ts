import { z } from "zod";
import { field } from "~/lib/read-form";
import {
  decodeCells,
  layoutLines,
  resizeLayout,
  SEAT_PLAN_LIMITS,
  type SeatLayout,
  type SeatPlanProblem,
} from "./seat-layout";

/** The longest plan text a form may carry: the largest plan, a newline after each row, and room to spare. */
const LAYOUT_MAX_CHARS = 8_000;

const numberText = (text: string) => (text.trim() === "" ? NaN : Number(text));

/**
 * The seat plan editor's form, for `readForm`: `rows`, `columns`, a `rowName` per row, the plan as
 * text in `layout` (see `encodeCells`; `layoutText`, the box shown without JavaScript, wins when
 * sent), and each section as the same place in the `section*` lists. Numbers that are not numbers
 * stay NaN so `checkSeatLayout` names them; the form only shapes what was sent.
 */
export const SeatPlanForm = z
  .object({
    rows: field.text(20),
    columns: field.text(20),
    rowName: field.list(field.text(40), 100),
    layout: field.text(LAYOUT_MAX_CHARS),
    layoutText: field.text(LAYOUT_MAX_CHARS),
    sectionId: field.list(field.text(40), 100),
    sectionName: field.list(field.text(200), 100),
    sectionFirstRow: field.list(field.text(20), 100),
    sectionLastRow: field.list(field.text(20), 100),
    sectionFirstColumn: field.list(field.text(20), 100),
    sectionLastColumn: field.list(field.text(20), 100),
  })
  .transform((form) => layoutFromForm(form));

export type SeatPlanFormValues = z.input<typeof SeatPlanForm>;

/**
 * The plan a form describes, fitted to the rows and columns it asks for (so a size changed without
 * JavaScript keeps what was drawn), with any characters of the text that mean no position.
 */
export function layoutFromForm(form: {
  rows: string;
  columns: string;
  rowName: string[];
  layout: string;
  layoutText: string;
  sectionId: string[];
  sectionName: string[];
  sectionFirstRow: string[];
  sectionLastRow: string[];
  sectionFirstColumn: string[];
  sectionLastColumn: string[];
}): { layout: SeatLayout; problems: SeatPlanProblem[] } {
  const rows = numberText(form.rows);
  const columns = numberText(form.columns);
  const sections = form.sectionName.map((name, i) => ({
    id: form.sectionId[i]?.trim() || null,
    name,
    firstRow: numberText(form.sectionFirstRow[i] ?? ""),
    lastRow: numberText(form.sectionLastRow[i] ?? ""),
    firstColumn: numberText(form.sectionFirstColumn[i] ?? ""),
    lastColumn: numberText(form.sectionLastColumn[i] ?? ""),
  }));
  const sized = Number.isInteger(rows) && Number.isInteger(columns) && rows >= 1 && columns >= 1;
  // A size out of bounds is named by the check; nothing is drawn for it (a huge one would be costly).
  if (!sized || rows > SEAT_PLAN_LIMITS.maxRows || columns > SEAT_PLAN_LIMITS.maxColumns)
    return { layout: { rows, columns, rowNames: [], cells: [], sections }, problems: [] };
  const text = form.layoutText.trim() ? form.layoutText : form.layout;
  const lines = layoutLines(text);
  const drawnRows = Math.min(lines.length, SEAT_PLAN_LIMITS.maxRows);
  const drawnColumns = Math.min(Math.max(1, ...lines.map((l) => l.length)), SEAT_PLAN_LIMITS.maxColumns);
  const decoded = decodeCells(text, drawnRows, drawnColumns);
  const fitted = resizeLayout(
    { rows: drawnRows, columns: drawnColumns, rowNames: form.rowName, cells: decoded.cells, sections },
    rows,
    columns,
  );
  // What was cut off by a smaller size is not a problem of the plan saved.
  const kept = decoded.problems.filter((p) => p.seats?.every((s) => s.row <= rows && s.column <= columns) ?? true);
  return { layout: fitted, problems: kept };
}
