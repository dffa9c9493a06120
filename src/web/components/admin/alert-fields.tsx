import { useId } from "react";
import { TextAreaField, TextField } from "~/web/components/ui/field";

const LIMITS = { heading: 120, description: 600 };

/** An alert's heading, message and kind: the same fields to write one and to edit it. */
export function AlertFields({
  values,
  errors,
}: {
  values?: { heading?: string; description?: string; isFullPage?: boolean };
  errors: Record<string, string>;
}) {
  const kindId = useId();
  return (
    <>
      <TextField
        label="Heading"
        name="heading"
        required
        maxLength={LIMITS.heading}
        defaultValue={values?.heading}
        error={errors.heading}
      />
      <TextAreaField
        label="Message"
        name="description"
        required
        rows={3}
        maxLength={LIMITS.description}
        defaultValue={values?.description}
        hint={`Up to ${LIMITS.description} characters.`}
        error={errors.description}
      />
      <fieldset aria-describedby={`${kindId}-hint`}>
        <legend className="text-sm font-medium">Shown as</legend>
        <p id={`${kindId}-hint`} className="text-xs text-fg-muted">
          Each visitor sees it once, until they press ‘Got it’.
        </p>
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
          <label className="flex min-h-6 items-center gap-2 text-sm">
            <input type="radio" name="kind" value="banner" defaultChecked={!values?.isFullPage} className="size-5" />A
            banner under the header
          </label>
          <label className="flex min-h-6 items-center gap-2 text-sm">
            <input type="radio" name="kind" value="full-page" defaultChecked={values?.isFullPage} className="size-5" />A
            full-page notice
          </label>
        </div>
      </fieldset>
    </>
  );
}
