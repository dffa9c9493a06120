import { useId } from "react";

const input =
  "mt-1 h-11 w-full rounded-xl border border-border bg-surface px-3 text-fg focus:border-brand focus:outline-none " +
  "aria-[invalid=true]:border-danger";

/**
 * A London date and time, typed as a date and 'HH:MM' on the 24-hour clock (spec §5): two inputs
 * in one group, with the group's hint and error tied to both.
 */
export function DateTimeField({
  legend,
  name,
  date,
  time,
  error,
  hint,
}: {
  legend: string;
  /** The inputs are `{name}Date` and `{name}Time`. */
  name: string;
  date: string;
  time: string;
  error?: string | null;
  hint?: string;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="grid grid-cols-1 gap-2 mobile:grid-cols-2">
        <div className="min-w-0">
          <label htmlFor={`${id}-date`} className="sr-only">
            {legend}: date
          </label>
          <input
            id={`${id}-date`}
            name={`${name}Date`}
            type="date"
            defaultValue={date}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className={input}
          />
        </div>
        <div className="min-w-0">
          <label htmlFor={`${id}-time`} className="sr-only">
            {legend}: time (HH:MM, 24-hour)
          </label>
          <input
            id={`${id}-time`}
            name={`${name}Time`}
            // Text, not type=time: browsers show that on the reader's own clock (12-hour in some
            // places), and the spec's times are 'HH:MM' on the 24-hour clock.
            type="text"
            placeholder="HH:MM"
            maxLength={5}
            autoComplete="off"
            spellCheck={false}
            defaultValue={time}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className={input}
          />
        </div>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-fg-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
