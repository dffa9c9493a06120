import { Plus, Trash2 } from "lucide-react";
import { defaultRowNames, SEAT_PLAN_LIMITS, type LayoutSection, type SeatLayout } from "~/domain/seat-layout";
import { rowName } from "~/lib/seats";
import { sectionTint } from "./seat-plan-tools";

const input =
  "h-10 w-full min-w-0 rounded-xl border border-border bg-surface px-2 text-sm aria-[invalid=true]:border-danger";

/**
 * Each row's name, as an input per row (they post as `rowName`, in order): letters by default,
 * numbers at a press, or the venue's own.
 */
export function RowNamesEditor(props: {
  layout: SeatLayout;
  /** Problems by row (1-based). */
  problems: Map<number, string>;
  onChange: (rowNames: string[]) => void;
}) {
  const { rowNames } = props.layout;
  return (
    <fieldset className="mt-6 min-w-0">
      <legend className="text-lg font-bold">Row names</legend>
      <p className="text-sm text-fg-muted">
        Row 1 is nearest the stage. Up to {SEAT_PLAN_LIMITS.rowNameMaxLength} letters or digits each, every row its own.
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-secondary min-h-9 text-xs"
          onClick={() => props.onChange(defaultRowNames(rowNames.length))}
        >
          Name rows A, B, C…
        </button>
        <button
          type="button"
          className="btn-secondary min-h-9 text-xs"
          onClick={() => props.onChange(rowNames.map((_, i) => String(i + 1)))}
        >
          Number rows 1, 2, 3…
        </button>
      </div>
      <ol className="mt-3 grid grid-cols-3 gap-2 mobile:grid-cols-4 tablet:grid-cols-6 desktop:grid-cols-8">
        {rowNames.map((name, i) => {
          const problem = props.problems.get(i + 1);
          return (
            <li key={i} className="min-w-0">
              <label htmlFor={`row-name-${i + 1}`} className="block text-xs text-fg-muted">
                Row {i + 1}
              </label>
              <input
                id={`row-name-${i + 1}`}
                name="rowName"
                value={name}
                maxLength={12}
                autoComplete="off"
                spellCheck={false}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `row-name-${i + 1}-problem` : undefined}
                onChange={(e) => props.onChange(rowNames.map((n, j) => (j === i ? e.target.value : n)))}
                className={`${input} font-semibold`}
              />
              {problem ? (
                <p id={`row-name-${i + 1}-problem`} className="mt-1 text-xs text-danger">
                  {problem}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
    </fieldset>
  );
}

/**
 * The plan's sections, each a block of rows and seats with a name; they post as the `section*`
 * lists, in order (the first listed is looked up first, as the hold looks seats up). A section
 * whose tickets are on sale says so and cannot be removed here.
 */
export function SectionsEditor(props: {
  layout: SeatLayout;
  sectionSells: Record<string, string[]>;
  /** Problems by section (0-based place in the list). */
  problems: Map<number, string[]>;
  onChange: (sections: LayoutSection[]) => void;
}) {
  const { sections, rows, columns, rowNames } = props.layout;
  const change = (index: number, patch: Partial<LayoutSection>) =>
    props.onChange(sections.map((s, i) => (i === index ? { ...s, ...patch } : s)));
  const rowOptions = Array.from({ length: rows }, (_, i) => (
    <option key={i} value={i + 1}>
      {rowName(i + 1, rowNames)}
    </option>
  ));
  const seatOptions = Array.from({ length: columns }, (_, i) => (
    <option key={i} value={i + 1}>
      {i + 1}
    </option>
  ));
  const select = (
    index: number,
    field: "firstRow" | "lastRow" | "firstColumn" | "lastColumn",
    label: string,
    options: typeof rowOptions,
  ) => (
    <div className="min-w-0">
      <label htmlFor={`section-${index}-${field}`} className="block text-xs text-fg-muted">
        {label}
      </label>
      <select
        id={`section-${index}-${field}`}
        name={`section${field[0]!.toUpperCase()}${field.slice(1)}`}
        value={sections[index]![field]}
        onChange={(e) => change(index, { [field]: Number(e.target.value) })}
        className={input}
      >
        {options}
        {/* A section left past a plan made smaller keeps its value, for the check to name. */}
        {sections[index]![field] > options.length || sections[index]![field] < 1 ? (
          <option value={sections[index]![field]}>{sections[index]![field]} (past the plan)</option>
        ) : null}
      </select>
    </div>
  );

  return (
    <fieldset className="mt-8 min-w-0">
      <legend className="text-lg font-bold">Sections</legend>
      <p className="text-sm text-fg-muted">
        Blocks of seats sold by their own ticket types (stalls, circle). Seats outside every section are sold by tickets
        tied to no section. Sections may not overlap.
      </p>
      {sections.length === 0 ? (
        <p className="card mt-3 p-4 text-sm text-fg-muted">No sections: every ticket can take any seat.</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {sections.map((s, index) => {
            const sells = s.id ? (props.sectionSells[s.id] ?? []) : [];
            const problems = props.problems.get(index) ?? [];
            const nameId = `section-${index}-name`;
            return (
              <li key={s.id ?? `new-${index}`} className="card p-4">
                <input type="hidden" name="sectionId" value={s.id ?? ""} />
                <div className="flex items-end gap-3">
                  <span aria-hidden className={`mb-3 size-4 shrink-0 rounded ${sectionTint(index)}`} />
                  <div className="min-w-0 flex-1">
                    <label htmlFor={nameId} className="block text-sm font-medium">
                      Section name
                    </label>
                    <input
                      id={nameId}
                      name="sectionName"
                      value={s.name}
                      maxLength={SEAT_PLAN_LIMITS.sectionNameMaxLength + 20}
                      aria-invalid={problems.length > 0 ? true : undefined}
                      aria-describedby={problems.length > 0 ? `${nameId}-problem` : undefined}
                      onChange={(e) => change(index, { name: e.target.value })}
                      className={input}
                    />
                  </div>
                  <button
                    type="button"
                    className="btn-secondary min-h-10 px-3 text-sm"
                    disabled={sells.length > 0}
                    aria-describedby={sells.length > 0 ? `${nameId}-sells` : undefined}
                    onClick={() => props.onChange(sections.filter((_, i) => i !== index))}
                  >
                    <Trash2 aria-hidden className="size-4" /> Remove
                    <span className="sr-only"> section {s.name}</span>
                  </button>
                </div>
                <div className="mt-3 grid grid-cols-2 gap-2 tablet:grid-cols-4">
                  {select(index, "firstRow", "From row", rowOptions)}
                  {select(index, "lastRow", "To row", rowOptions)}
                  {select(index, "firstColumn", "From seat", seatOptions)}
                  {select(index, "lastColumn", "To seat", seatOptions)}
                </div>
                {sells.length > 0 ? (
                  <p id={`${nameId}-sells`} className="mt-2 text-xs text-fg-muted">
                    Sells tickets for {sells.join(", ")}: it stays while they are on sale.
                  </p>
                ) : null}
                {problems.length > 0 ? (
                  <ul id={`${nameId}-problem`} className="mt-2 space-y-1 text-xs text-danger">
                    {problems.map((p) => (
                      <li key={p}>{p}</li>
                    ))}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <button
        type="button"
        className="btn-secondary mt-3"
        disabled={sections.length >= SEAT_PLAN_LIMITS.maxSections}
        onClick={() =>
          props.onChange([
            ...sections,
            { id: null, name: "", firstRow: 1, lastRow: rows, firstColumn: 1, lastColumn: columns },
          ])
        }
      >
        <Plus aria-hidden className="size-4" /> Add section
      </button>
    </fieldset>
  );
}
