import { useRef } from "react";
import { Form, useNavigation } from "react-router";
import type { FieldErrors } from "~/lib/error-table";
import { FormMessage } from "~/web/components/ui/field";
import { DiscountEventsField, DiscountFields, type DiscountValues } from "./discount-fields";
import { useUnsavedChanges } from "~/web/lib/use-unsaved-changes";

/** The whole discount form, as the new and edit pages show it: its fields, then the events it works for. */
export function DiscountEditor({
  values,
  chosen,
  errors,
  formError,
  events,
  uses,
  back,
  submitLabel,
  label,
}: {
  values: DiscountValues;
  chosen: readonly string[];
  errors: FieldErrors;
  formError: string | null;
  events: readonly { id: string; name: string; startsAt: Date; status: string }[];
  uses?: number;
  /** Where to go after saving (a Studio page). */
  back: string;
  submitLabel: string;
  label: string;
}) {
  const busy = useNavigation().state !== "idle";
  const formRef = useRef<HTMLFormElement>(null);
  useUnsavedChanges(formRef);
  return (
    <Form ref={formRef} method="post" noValidate className="card flex flex-col gap-5 p-5" aria-label={label}>
      <input type="hidden" name="back" value={back} />
      <FormMessage>{formError}</FormMessage>
      <DiscountFields values={values} errors={errors} currency="GBP" uses={uses} />
      <DiscountEventsField scope={values.scope ?? "all"} chosen={chosen} events={events} error={errors.eventIds} />
      <div>
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Saving…" : submitLabel}
        </button>
      </div>
    </Form>
  );
}
