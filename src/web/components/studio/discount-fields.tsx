import { useId } from "react";
import {
  basisPointsForInput,
  DISCOUNT_CODE_MAX,
  DISCOUNT_MAX_USES_LIMIT,
  DISCOUNT_NAME_MAX,
} from "~/domain/discount-rules";
import { poundsForInput } from "~/domain/money";
import type { FieldErrors } from "~/lib/error-table";
import { currencySymbol, formatShortDate } from "~/lib/format";
import { londonHhmm, londonYmd } from "~/lib/london-time";
import { CheckboxField, TextField } from "~/web/components/ui/field";
import { DateTimeField } from "./date-time-field";

/** The discount form's fields as text, as the browser sends them (and shows them again after a refusal). */
export type DiscountValues = Record<string, string>;

export const NEW_DISCOUNT: DiscountValues = { name: "", code: "", kind: "percent", value: "", isActive: "on" };

/** A saved discount as the form shows it for editing. */
export function discountValues(d: {
  name: string;
  code: string;
  kind: "percent" | "fixed";
  value: number;
  isActive: boolean;
  isPrivate: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  maxUses: number | null;
  events: { id: string }[];
}): DiscountValues {
  return {
    name: d.name,
    code: d.code,
    kind: d.kind,
    value: d.kind === "percent" ? basisPointsForInput(d.value) : poundsForInput(d.value),
    isActive: d.isActive ? "on" : "",
    isPrivate: d.isPrivate ? "on" : "",
    startsDate: d.startsAt ? londonYmd(d.startsAt) : "",
    startsTime: d.startsAt ? londonHhmm(d.startsAt) : "",
    endsDate: d.endsAt ? londonYmd(d.endsAt) : "",
    endsTime: d.endsAt ? londonHhmm(d.endsAt) : "",
    maxUses: d.maxUses === null ? "" : String(d.maxUses),
    scope: d.events.length > 0 ? "some" : "all",
  };
}

const radio = "size-5 shrink-0 accent-[var(--brand-strong)]";

/**
 * A discount's fields (spec §3 "Discount"): its name, the code buyers type, what it takes off (a
 * percentage or an amount), on or off, private or not, when it works and how many times.
 */
export function DiscountFields({
  values,
  errors,
  currency,
  uses,
}: {
  values: DiscountValues;
  errors: FieldErrors;
  currency: string;
  /** Uses already made (an existing discount): its limit can't go below them. */
  uses?: number;
}) {
  const id = useId();
  const kind = values.kind === "fixed" ? "fixed" : "percent";
  return (
    <div className="grid grid-cols-1 gap-4 tablet:grid-cols-2">
      <TextField
        label="Name"
        name="name"
        required
        maxLength={DISCOUNT_NAME_MAX}
        defaultValue={values.name}
        error={errors.name}
        hint="For you: buyers see the code."
      />
      <TextField
        label="Code"
        name="code"
        required
        maxLength={DISCOUNT_CODE_MAX}
        autoCapitalize="none"
        autoComplete="off"
        spellCheck={false}
        defaultValue={values.code}
        error={errors.code}
        hint="Letters, numbers, - and _. Buyers may type it in any case."
      />
      <fieldset className="min-w-0">
        <legend className="text-sm font-medium">What it takes off</legend>
        <div className="mt-1 flex flex-wrap gap-x-5 gap-y-2">
          <label className="flex min-h-10 items-center gap-2 text-sm">
            <input type="radio" name="kind" value="percent" defaultChecked={kind === "percent"} className={radio} />A
            percentage
          </label>
          <label className="flex min-h-10 items-center gap-2 text-sm">
            <input type="radio" name="kind" value="fixed" defaultChecked={kind === "fixed"} className={radio} />
            An amount ({currencySymbol(currency)})
          </label>
        </div>
      </fieldset>
      <TextField
        label="How much off"
        name="value"
        inputMode="decimal"
        required
        defaultValue={values.value}
        error={errors.value}
        hint={`A percentage from 1 to 100, or an amount like 5.00. Never below a pay-what-you-wish minimum.`}
      />
      <DateTimeField
        legend="Works from"
        name="starts"
        date={values.startsDate ?? ""}
        time={values.startsTime ?? ""}
        error={errors.startsAt}
        hint="UK time, 24-hour clock. Empty: now."
      />
      <DateTimeField
        legend="Works until"
        name="ends"
        date={values.endsDate ?? ""}
        time={values.endsTime ?? ""}
        error={errors.endsAt}
        hint="Empty: no end."
      />
      <TextField
        label="Most uses"
        aside="(optional)"
        name="maxUses"
        type="number"
        inputMode="numeric"
        min={Math.max(1, uses ?? 0)}
        max={DISCOUNT_MAX_USES_LIMIT}
        defaultValue={values.maxUses ?? ""}
        error={errors.maxUses}
        hint={
          uses
            ? `Used ${uses} ${uses === 1 ? "time" : "times"} so far. Empty: no limit.`
            : "One per order. Empty: no limit."
        }
      />
      <div className="flex flex-col justify-center gap-3" id={`${id}-switches`}>
        <CheckboxField label="On: buyers can use it" name="isActive" defaultChecked={values.isActive === "on"} />
        <CheckboxField
          label="Private: it also unlocks your private tickets"
          name="isPrivate"
          defaultChecked={values.isPrivate === "on"}
        />
      </div>
    </div>
  );
}

/**
 * Which events a discount works for: all the host's events, or those ticked (spec: "no rows = all").
 */
export function DiscountEventsField({
  scope,
  chosen,
  events,
  error,
}: {
  scope: string;
  chosen: readonly string[];
  events: readonly { id: string; name: string; startsAt: Date; status: string }[];
  error?: string | null;
}) {
  const id = useId();
  // Those already chosen first, so they are in view when the page opens.
  const ordered = [...events.filter((e) => chosen.includes(e.id)), ...events.filter((e) => !chosen.includes(e.id))];
  return (
    <fieldset className="min-w-0" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium">Events it works for</legend>
      <div className="mt-1 flex flex-col gap-2">
        <label className="flex min-h-10 items-center gap-2 text-sm">
          <input type="radio" name="scope" value="all" defaultChecked={scope !== "some"} className={radio} />
          All my events, now and to come
        </label>
        <label className="flex min-h-10 items-center gap-2 text-sm">
          <input type="radio" name="scope" value="some" defaultChecked={scope === "some"} className={radio} />
          Only the events ticked below
        </label>
      </div>
      {ordered.length === 0 ? (
        <p className="mt-2 text-sm text-fg-muted">You have no events coming up to choose from.</p>
      ) : (
        <ul className="mt-2 max-h-72 overflow-y-auto rounded-xl border border-border p-2">
          {ordered.map((e) => (
            <li key={e.id}>
              <label className="flex min-h-10 items-center gap-3 rounded-lg px-2 text-sm hover:bg-surface-2">
                <input
                  type="checkbox"
                  name="eventIds"
                  value={e.id}
                  defaultChecked={chosen.includes(e.id)}
                  className="size-5 shrink-0 accent-[var(--brand-strong)]"
                />
                <span className="min-w-0 break-words">
                  {e.name}{" "}
                  <span className="text-fg-muted">
                    · {formatShortDate(e.startsAt)}
                    {e.status === "draft" ? " · Draft" : ""}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
