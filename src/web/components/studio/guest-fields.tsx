import { useId } from "react";
import { GUEST_EMAIL_MAX, GUEST_NAME_MAX, GUEST_NOTES_MAX, PLUS_ONES_MAX, type GuestInput } from "~/domain/guests";
import { TextAreaField, TextField } from "~/web/components/ui/field";

export const NEW_GUEST: GuestInput = { name: "", email: "", plusOnes: "0", notes: "", ticketTypeId: "" };

const select =
  "mt-1 h-11 w-full rounded-xl border border-border bg-surface px-3 text-fg focus:border-brand focus:outline-none " +
  "aria-[invalid=true]:border-danger";

/** A guest's details, as the add and edit forms both ask for them; `values` are as typed, errors by field. */
export function GuestFields({
  values,
  errors,
  ticketTypes,
}: {
  values: Partial<GuestInput>;
  errors: Partial<Record<string, string>>;
  ticketTypes: readonly { id: string; name: string }[];
}) {
  const id = useId();
  return (
    <div className="grid gap-4 tablet:grid-cols-2">
      <TextField
        label="Name"
        name="name"
        autoComplete="off"
        required
        maxLength={GUEST_NAME_MAX * 2}
        defaultValue={values.name ?? ""}
        error={errors.name}
      />
      <TextField
        label="Email"
        aside="(optional)"
        name="email"
        type="email"
        autoComplete="off"
        maxLength={GUEST_EMAIL_MAX + 10}
        defaultValue={values.email ?? ""}
        error={errors.email}
      />
      <div>
        <label htmlFor={`${id}-type`} className="block text-sm font-medium">
          Ticket type <span className="font-normal text-fg-muted">(optional)</span>
        </label>
        <select
          id={`${id}-type`}
          name="ticketTypeId"
          defaultValue={values.ticketTypeId ?? ""}
          aria-invalid={errors.ticketTypeId ? true : undefined}
          aria-describedby={errors.ticketTypeId ? `${id}-type-error` : undefined}
          className={select}
        >
          <option value="">None: a guest of the host</option>
          {ticketTypes.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
        {errors.ticketTypeId ? (
          <p id={`${id}-type-error`} className="mt-1 text-sm font-medium text-danger">
            {errors.ticketTypeId}
          </p>
        ) : null}
      </div>
      <TextField
        label="Plus-ones"
        name="plusOnes"
        inputMode="numeric"
        hint={`People coming with them, 0 to ${PLUS_ONES_MAX}.`}
        defaultValue={values.plusOnes ?? "0"}
        error={errors.plusOnes}
      />
      <TextAreaField
        className="tablet:col-span-2"
        label="Notes"
        aside="(optional)"
        name="notes"
        hint={`For the door team, up to ${GUEST_NOTES_MAX} characters.`}
        defaultValue={values.notes ?? ""}
        error={errors.notes}
      />
    </div>
  );
}
