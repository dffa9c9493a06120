import { AlertTriangle, Save } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Form } from "react-router";
import {
  checkSeatLayout,
  encodeCells,
  LAYOUT_CHARS,
  resizeLayout,
  SEAT_PLAN_LIMITS,
  type PositionKind,
  type SeatLayout,
  type SeatPlanProblem,
} from "~/domain/seat-layout";
import type { Seat } from "~/domain/seat-plan";
import { rowName, seatName } from "~/lib/seats";
import { useUnsavedChanges } from "~/web/lib/use-unsaved-changes";
import { SeatPlanGrid } from "./seat-plan-grid";
import { RowNamesEditor, SectionsEditor } from "./seat-plan-sections";
import { KIND_WORDS, PositionSample, sectionTint, TOOLS } from "./seat-plan-tools";

const keyOf = (s: Seat) => `${s.row}:${s.column}`;

/** What each character of the plan's text means, for the box shown without JavaScript. */
const TEXT_KEY = TOOLS.map((t) => `${LAYOUT_CHARS[t.kind]} ${KIND_WORDS[t.kind]}`).join(", ");

/**
 * Partner Studio's seat plan editor: the size, a palette of tools, the plan to draw on (mouse and
 * keyboard alike), a legend, each row's name and the sections. It posts one form (see
 * `SeatPlanForm`); the plan's positions go as text in `layout`. The domain's own check runs as the
 * host draws, so what the server would refuse is named before Save; a seat sold or held for an
 * upcoming event cannot be made a gap or blocked here, as the server refuses it too.
 */
export function SeatPlanEditor(props: {
  venueName: string;
  seated: boolean;
  initial: SeatLayout;
  taken: (Seat & { events: string[] })[];
  sectionSells: Record<string, string[]>;
  refusal: { message: string; problems: SeatPlanProblem[] } | null;
  busy: boolean;
}) {
  const [layout, setLayout] = useState(props.initial);
  const [size, setSize] = useState({ rows: String(props.initial.rows), columns: String(props.initial.columns) });
  const [tool, setTool] = useState<PositionKind>("seat");
  const [focus, setFocus] = useState<Seat>({ row: 1, column: 1 });
  const [said, setSaid] = useState("");
  const [edited, setEdited] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const dirty = useUnsavedChanges(formRef);
  const taken = useMemo(() => new Map(props.taken.map((s) => [keyOf(s), s.events])), [props.taken]);

  const change = (next: SeatLayout) => {
    setLayout(next);
    setEdited(true);
  };
  // The plan's own inputs are hidden: tell the unsaved-changes watch when the drawing changes.
  useEffect(() => {
    formRef.current?.dispatchEvent(new Event("change"));
  }, [layout]);

  const problems = useMemo(() => checkSeatLayout(layout), [layout]);
  const shown = !edited && props.refusal ? props.refusal.problems : problems;
  const flagged = new Set(shown.flatMap((p) => (p.seats ?? []).map(keyOf)));
  const rowProblems = new Map(
    shown.filter((p) => p.field === "rowNames" && p.index).map((p) => [p.index!, p.message] as const),
  );
  const sectionProblems = new Map<number, string[]>();
  for (const p of shown)
    if (p.field === "sections" && p.index !== undefined)
      sectionProblems.set(p.index, [...(sectionProblems.get(p.index) ?? []), p.message]);

  const name = (s: Seat) => seatName(s.row, s.column, layout.rowNames);
  const apply = (seat: Seat) => {
    const current = layout.cells[seat.row - 1]?.[seat.column - 1];
    if (current === undefined) return;
    const soldFor = taken.get(keyOf(seat));
    if (soldFor && (tool === "gap" || tool === "blocked")) {
      setSaid(`${name(seat)} is sold or held for ${soldFor.join(", ")}: it stays a seat for sale.`);
      return;
    }
    setSaid(`Row ${rowName(seat.row, layout.rowNames)}, position ${seat.column}: ${KIND_WORDS[tool]}.`);
    if (current === tool) return;
    change({
      ...layout,
      cells: layout.cells.map((line, r) =>
        r === seat.row - 1 ? line.map((k, c) => (c === seat.column - 1 ? tool : k)) : line,
      ),
    });
  };
  const pickTool = (kind: PositionKind) => {
    setTool(kind);
    setSaid(`Tool: ${TOOLS.find((t) => t.kind === kind)!.label}.`);
  };
  const resize = (field: "rows" | "columns", text: string) => {
    const next = { ...size, [field]: text };
    setSize(next);
    const rows = Number(next.rows);
    const columns = Number(next.columns);
    const L = SEAT_PLAN_LIMITS;
    if (!Number.isInteger(rows) || !Number.isInteger(columns)) return;
    if (rows < L.minRows || rows > L.maxRows || columns < L.minColumns || columns > L.maxColumns) return;
    change(resizeLayout(layout, rows, columns));
    setFocus((f) => ({ row: Math.min(f.row, rows), column: Math.min(f.column, columns) }));
  };

  const counts = { forSale: 0, wheelchair: 0, gap: 0, blocked: 0 };
  for (const kind of layout.cells.flat()) {
    if (kind === "gap" || kind === "blocked") counts[kind]++;
    else counts.forSale++;
    if (kind === "wheelchair") counts.wheelchair++;
  }
  const sizeProblem = (field: "rows" | "columns") => shown.find((p) => p.field === field)?.message;

  return (
    <Form method="post" ref={formRef} className="mt-6 min-w-0" aria-label="Seat plan" noValidate>
      {!edited && props.refusal ? (
        <div role="alert" className="mb-6 rounded-xl bg-danger-soft px-4 py-3 text-sm text-danger">
          <p className="flex items-center gap-2 font-bold">
            <AlertTriangle aria-hidden className="size-4" /> {props.refusal.message}
          </p>
          {props.refusal.problems.length > 0 ? (
            <ul className="mt-1 list-disc space-y-1 pl-6">
              {props.refusal.problems.map((p, i) => (
                <li key={i}>{p.message}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {!props.seated ? (
        <p className="mb-6 rounded-xl bg-brand-soft px-4 py-3 text-sm">
          {props.venueName} has no seat plan yet: every ticket there is standing or unreserved. Draw one and save it to
          sell seats.
        </p>
      ) : null}

      <fieldset className="min-w-0">
        <legend className="text-lg font-bold">Size</legend>
        <div className="mt-2 flex flex-wrap gap-4">
          {(["rows", "columns"] as const).map((field) => (
            <div key={field}>
              <label htmlFor={`plan-${field}`} className="block text-sm font-medium">
                {field === "rows" ? "Rows" : "Seats per row"}
              </label>
              <input
                id={`plan-${field}`}
                name={field}
                type="number"
                inputMode="numeric"
                min={field === "rows" ? SEAT_PLAN_LIMITS.minRows : SEAT_PLAN_LIMITS.minColumns}
                max={field === "rows" ? SEAT_PLAN_LIMITS.maxRows : SEAT_PLAN_LIMITS.maxColumns}
                value={size[field]}
                onChange={(e) => resize(field, e.target.value)}
                aria-invalid={sizeProblem(field) ? true : undefined}
                aria-describedby={`plan-${field}-hint`}
                className="mt-1 h-11 w-28 rounded-xl border border-border bg-surface px-3 tabular-nums
                  aria-[invalid=true]:border-danger"
              />
              <p
                id={`plan-${field}-hint`}
                className={`mt-1 text-xs ${sizeProblem(field) ? "text-danger" : "text-fg-muted"}`}
              >
                {sizeProblem(field) ??
                  (field === "rows"
                    ? `${SEAT_PLAN_LIMITS.minRows} to ${SEAT_PLAN_LIMITS.maxRows}`
                    : `${SEAT_PLAN_LIMITS.minColumns} to ${SEAT_PLAN_LIMITS.maxColumns}, gaps included`)}
              </p>
            </div>
          ))}
        </div>
      </fieldset>

      <section aria-labelledby="plan-heading" className="mt-6 min-w-0">
        <h2 id="plan-heading" className="text-lg font-bold">
          Plan
        </h2>
        <fieldset className="mt-2 min-w-0">
          <legend className="text-sm font-medium">Tool</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            {TOOLS.map((t) => (
              <label
                key={t.kind}
                className={`inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-full border px-3 text-sm
                  has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2
                  has-[:focus-visible]:outline-[var(--ring)] ${
                    tool === t.kind
                      ? "border-brand bg-brand-soft font-semibold text-fg"
                      : "border-border text-fg-muted hover:bg-surface-2"
                  }`}
              >
                <input
                  type="radio"
                  // A choice of the editor, not of the plan: owned by no form, so it is neither sent
                  // nor counted as an unsaved change.
                  form="seat-plan-tool"
                  name="tool"
                  value={t.kind}
                  checked={tool === t.kind}
                  onChange={() => pickTool(t.kind)}
                  className="sr-only"
                />
                <PositionSample kind={t.kind} />
                {t.label}
                <kbd aria-hidden className="rounded border border-border px-1 text-[10px] text-fg-muted">
                  {t.key}
                </kbd>
              </label>
            ))}
          </div>
        </fieldset>
        <p id="plan-help" className="mt-3 text-sm text-fg-muted">
          Choose a tool, then click or drag across the plan. With the keyboard: the arrow keys move, Space or Enter
          applies the tool, 1 to 5 choose one. Seats sold or held for an upcoming event (dotted) stay seats for sale.
        </p>
        <SeatPlanGrid
          layout={layout}
          label={`Seat plan of ${props.venueName}`}
          describedBy="plan-help"
          focus={focus}
          onMove={setFocus}
          onApply={apply}
          onPickTool={pickTool}
          taken={taken}
          flagged={flagged}
        />
        <p role="status" aria-live="polite" className="mt-2 min-h-5 text-sm">
          {said}
        </p>
        <Legend layout={layout} hasTaken={taken.size > 0} />
        <p className="mt-2 text-sm text-fg-muted">
          {counts.forSale} {counts.forSale === 1 ? "seat" : "seats"} for sale
          {counts.wheelchair > 0
            ? `, ${counts.wheelchair} of them wheelchair ${counts.wheelchair === 1 ? "space" : "spaces"}`
            : ""}
          {counts.gap > 0 ? ` · ${counts.gap} ${counts.gap === 1 ? "gap" : "gaps"}` : ""}
          {counts.blocked > 0 ? ` · ${counts.blocked} blocked` : ""}
        </p>
        {/* Not type=hidden: the unsaved-changes watch counts what a person entered, and this is their drawing. */}
        <input type="text" hidden readOnly aria-hidden name="layout" value={encodeCells(layout.cells, "/")} />
        <noscript>
          <label htmlFor="plan-text" className="mt-4 block text-sm font-medium">
            The plan as text, one line per row: {TEXT_KEY}
          </label>
          <textarea
            id="plan-text"
            name="layoutText"
            rows={Math.min(layout.rows, 20)}
            defaultValue={encodeCells(layout.cells)}
            className="mt-1 w-full rounded-xl border border-border bg-surface p-2 font-mono text-sm"
          />
        </noscript>
      </section>

      <RowNamesEditor layout={layout} problems={rowProblems} onChange={(rowNames) => change({ ...layout, rowNames })} />
      <SectionsEditor
        layout={layout}
        sectionSells={props.sectionSells}
        problems={sectionProblems}
        onChange={(sections) => change({ ...layout, sections })}
      />

      {edited && problems.length > 0 ? (
        <section aria-labelledby="plan-problems" className="mt-8 rounded-xl bg-warning-soft px-4 py-3 text-sm">
          <h2 id="plan-problems" className="flex items-center gap-2 font-bold">
            <AlertTriangle aria-hidden className="size-4" />
            {problems.length === 1
              ? "One thing to fix before saving"
              : `${problems.length} things to fix before saving`}
          </h2>
          <ul className="mt-1 list-disc space-y-1 pl-6">
            {problems.map((p, i) => (
              <li key={i}>{p.message}</li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="mt-8 flex flex-wrap items-center gap-3 border-t border-border pt-6">
        <button type="submit" className="btn-primary" disabled={props.busy}>
          <Save aria-hidden className="size-4" /> {props.busy ? "Saving…" : "Save seat plan"}
        </button>
        {dirty && !props.busy ? <span className="text-sm text-fg-muted">Unsaved changes</span> : null}
      </div>
    </Form>
  );
}

/** What each look on the plan means, sections by their tint and name. */
function Legend({ layout, hasTaken }: { layout: SeatLayout; hasTaken: boolean }) {
  return (
    <div className="mt-2">
      <h3 className="sr-only">Legend</h3>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-muted">
        {TOOLS.map((t) => (
          <li key={t.kind} className="inline-flex items-center gap-1.5">
            <PositionSample kind={t.kind} /> {t.label}
          </li>
        ))}
        {hasTaken ? (
          <li className="inline-flex items-center gap-1.5">
            <span aria-hidden className="relative size-5 rounded-md border-2 border-fg-muted/70">
              <span className="absolute top-0.5 right-0.5 size-1.5 rounded-full bg-fg" />
            </span>
            Sold or held
          </li>
        ) : null}
        {layout.sections.map((s, i) => (
          <li key={i} className="inline-flex items-center gap-1.5">
            <span aria-hidden className={`size-5 rounded-md ${sectionTint(i)}`} /> {s.name.trim() || `Section ${i + 1}`}
          </li>
        ))}
      </ul>
    </div>
  );
}
