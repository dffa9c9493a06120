import { type RefObject, useState } from "react";
import { Form } from "react-router";
import { FormMessage } from "~/web/components/ui/field";
import {
  BRAND_COLOR_FIELDS,
  type BrandColorField,
  type BrandColors,
  MIN_SHAPE_CONTRAST,
  MIN_TEXT_CONTRAST,
  normaliseHexColor,
  ratioText,
  readColor,
  WHITE_TEXT,
} from "~/domain/host-profile";

/**
 * The brand colours' fields: a hex box with a colour picker beside it, and a live sample with the
 * text colour the site would put on it and both contrasts, so a host sees before saving when a
 * colour would be unreadable. The server checks again with the same rule.
 */
export function BrandColorsFields({
  values,
  errors,
  disabled,
}: {
  values: Record<BrandColorField, string>;
  errors: Partial<Record<string, string>>;
  disabled?: boolean;
}) {
  return (
    <div className="grid gap-5 tablet:grid-cols-2">
      {(Object.keys(BRAND_COLOR_FIELDS) as BrandColorField[]).map((field) => (
        <ColorField key={field} field={field} initial={values[field]} error={errors[field]} disabled={disabled} />
      ))}
    </div>
  );
}

function ColorField({
  field,
  initial,
  error,
  disabled,
}: {
  field: BrandColorField;
  initial: string;
  error?: string;
  disabled?: boolean;
}) {
  const [typed, setTyped] = useState(initial);
  const hex = normaliseHexColor(typed);
  const reading = hex ? readColor(hex) : null;
  const label = BRAND_COLOR_FIELDS[field];
  const id = `color-${field}`;
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label} <span className="font-normal text-fg-muted">(optional)</span>
      </label>
      <div className="mt-1 flex items-center gap-2">
        <input
          id={id}
          name={field}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          placeholder="#C8175F"
          maxLength={7}
          autoComplete="off"
          spellCheck={false}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="h-11 w-full min-w-0 rounded-xl border border-border bg-surface px-3 font-mono text-fg uppercase
            focus:border-brand focus:outline-none aria-[invalid=true]:border-danger disabled:opacity-60"
        />
        <input
          type="color"
          aria-label={`Pick the ${label.toLowerCase()}`}
          value={hex ?? "#c8175f"}
          disabled={disabled}
          onChange={(e) => setTyped(e.currentTarget.value.toUpperCase())}
          className="h-11 w-14 shrink-0 cursor-pointer rounded-xl border border-border bg-surface p-1"
        />
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-fg-muted">
        {typed.trim() === "" ? (
          "Empty: Ticketyboo's own pink."
        ) : reading ? (
          <>
            White text {ratioText(reading.onWhiteText)}:1, dark text {ratioText(reading.onDarkText)}:1.{" "}
            {reading.text ? (
              `We'll use ${reading.text === WHITE_TEXT ? "white" : "dark"} text on it.`
            ) : (
              <strong className="font-semibold text-danger">
                Unreadable: text needs {MIN_TEXT_CONTRAST}:1 or more.
              </strong>
            )}
            {reading.text && reading.faintOn ? (
              <strong className="mt-1 block font-semibold text-warning">
                {reading.faintOn === "light"
                  ? "So pale that a button in it barely shows on a white page. "
                  : "So dark that a button in it barely shows on a dark page. "}
                A colour {MIN_SHAPE_CONTRAST}:1 or more from {reading.faintOn === "light" ? "white" : "dark"} stands
                out.
              </strong>
            ) : null}
          </>
        ) : (
          "A # and six digits or letters A–F."
        )}
      </p>
      {reading?.text ? (
        <p
          aria-hidden
          className="mt-2 inline-flex rounded-full px-3 py-1 text-sm font-semibold"
          style={{ backgroundColor: reading.hex, color: reading.text }}
        >
          Book tickets
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The colours as the form shows them: saved values in capitals, empty for the site's own. */
export function colorValues(colors: BrandColors): Record<BrandColorField, string> {
  return {
    brandColor: colors.brandColor?.toUpperCase() ?? "",
    accentColor: colors.accentColor?.toUpperCase() ?? "",
  };
}

/** The colours form: on the online profile and in Settings › Colours, each posting to its own page. */
export function ColorsForm({
  values,
  errors,
  formError,
  canChange,
  busy,
  formRef,
}: {
  values: Record<BrandColorField, string>;
  errors: Partial<Record<string, string>>;
  formError: string | null;
  canChange: boolean;
  busy: boolean;
  /** For the page's unsaved-changes prompt (`useUnsavedChanges`), which watches every form of a page at once. */
  formRef?: RefObject<HTMLFormElement | null>;
}) {
  return (
    <Form ref={formRef} method="post" className="mt-4 space-y-4" noValidate aria-label="Brand colours">
      <input type="hidden" name="intent" value="colors" />
      {formError ? <FormMessage>{formError}</FormMessage> : null}
      <BrandColorsFields values={values} errors={errors} disabled={!canChange} />
      {canChange ? (
        <button type="submit" className="btn-primary" disabled={busy}>
          Save colours
        </button>
      ) : null}
    </Form>
  );
}
