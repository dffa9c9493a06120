import { useId } from "react";
import {
  MAX_PER_ORDER_LIMIT,
  TICKET_CAPACITY_MAX,
  TICKET_DESCRIPTION_MAX,
  TICKET_KIND_LABELS,
  TICKET_NAME_MAX,
} from "~/domain/event-life-cycle";
import { poundsForInput } from "~/domain/money";
import { currencySymbol } from "~/lib/format";
import { londonHhmm, londonYmd } from "~/lib/london-time";
import type { FieldErrors } from "~/lib/error-table";
import { CheckboxField, TextAreaField, TextField } from "~/web/components/ui/field";
import { DateTimeField } from "./date-time-field";

/** The ticket type form's fields as text, as the browser sends them (and shows them again after a refusal). */
export type TicketTypeValues = Record<string, string>;

/** A saved ticket type as the form shows it for editing: pounds, London dates and 24-hour times. */
export function ticketTypeValues(t: {
  name: string;
  description: string | null;
  kind: string;
  pricePence: number;
  payWhatYouWish: boolean;
  capacity: number;
  maxPerOrder: number;
  salesStartAt: Date | null;
  salesEndAt: Date | null;
  seatSectionId: string | null;
}): TicketTypeValues {
  return {
    name: t.name,
    description: t.description ?? "",
    kind: t.kind,
    price: poundsForInput(t.pricePence),
    payWhatYouWish: t.payWhatYouWish ? "on" : "",
    capacity: String(t.capacity),
    maxPerOrder: String(t.maxPerOrder),
    salesStartDate: t.salesStartAt ? londonYmd(t.salesStartAt) : "",
    salesStartTime: t.salesStartAt ? londonHhmm(t.salesStartAt) : "",
    salesEndDate: t.salesEndAt ? londonYmd(t.salesEndAt) : "",
    salesEndTime: t.salesEndAt ? londonHhmm(t.salesEndAt) : "",
    seatSectionId: t.seatSectionId ?? "",
  };
}

export const NEW_TICKET_TYPE: TicketTypeValues = {
  name: "",
  description: "",
  kind: "general",
  price: "",
  payWhatYouWish: "",
  capacity: "100",
  maxPerOrder: "10",
  seatSectionId: "",
};

const select =
  "mt-1 h-11 w-full rounded-xl border border-border bg-surface px-3 text-fg focus:border-brand focus:outline-none " +
  "aria-[invalid=true]:border-danger";

/**
 * A ticket type's fields (spec §3 "Ticket type"): its name and description, who can see and buy it,
 * the price (or a pay-what-you-wish minimum) in pounds, places and the per-order limit, the sale
 * window, and on a seated venue the section it sells.
 */
export function TicketTypeFields({
  values,
  errors,
  currency,
  sections,
  locked,
}: {
  values: TicketTypeValues;
  errors: FieldErrors;
  currency: string;
  sections: { id: string; name: string }[];
  /** Places sold and held: capacity can't go below them. */
  locked?: { sold: number; held: number };
}) {
  const id = useId();
  const symbol = currencySymbol(currency);
  return (
    <div className="grid grid-cols-1 gap-4 tablet:grid-cols-2">
      <TextField
        label="Name"
        name="name"
        required
        maxLength={TICKET_NAME_MAX}
        defaultValue={values.name}
        error={errors.name}
        hint="For example General admission, Early bird or Concession."
        className="tablet:col-span-2"
      />
      <TextAreaField
        label="Description"
        aside="(optional)"
        name="description"
        rows={2}
        maxLength={TICKET_DESCRIPTION_MAX}
        defaultValue={values.description}
        error={errors.description}
        className="tablet:col-span-2"
      />
      <div className="tablet:col-span-2">
        <label htmlFor={`${id}-kind`} className="block text-sm font-medium">
          Who can see and buy it
        </label>
        <select
          id={`${id}-kind`}
          name="kind"
          defaultValue={values.kind || "general"}
          aria-invalid={errors.kind ? true : undefined}
          aria-describedby={errors.kind ? `${id}-kind-error` : undefined}
          className={select}
        >
          {Object.entries(TICKET_KIND_LABELS).map(([kind, label]) => (
            <option key={kind} value={kind}>
              {label}
            </option>
          ))}
        </select>
        {errors.kind ? (
          <p id={`${id}-kind-error`} className="mt-1 text-sm font-medium text-danger">
            {errors.kind}
          </p>
        ) : null}
      </div>
      <TextField
        label={`Price (${symbol})`}
        name="price"
        inputMode="decimal"
        placeholder="0.00"
        defaultValue={values.price}
        error={errors.price}
        hint={`0 for free. For pay what you wish, the least a buyer pays; they may add up to ${symbol}10,000.`}
      />
      <CheckboxField
        label="Pay what you wish (the price is the minimum)"
        name="payWhatYouWish"
        defaultChecked={values.payWhatYouWish === "on" || values.payWhatYouWish === "true"}
        className="self-center tablet:pt-5"
      />
      <TextField
        label="Places"
        name="capacity"
        type="number"
        inputMode="numeric"
        min={locked ? locked.sold + locked.held : 0}
        max={TICKET_CAPACITY_MAX}
        required
        defaultValue={values.capacity}
        error={errors.capacity}
        hint={
          locked && locked.sold + locked.held > 0
            ? `At least ${locked.sold + locked.held}: sold or held at checkout.`
            : "0 to stop sales for now."
        }
      />
      <TextField
        label="Most per order"
        name="maxPerOrder"
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_PER_ORDER_LIMIT}
        defaultValue={values.maxPerOrder}
        error={errors.maxPerOrder}
      />
      <DateTimeField
        legend="Sale starts"
        name="salesStart"
        date={values.salesStartDate ?? ""}
        time={values.salesStartTime ?? ""}
        error={errors.salesStart}
        hint="UK time, 24-hour clock. Empty: on sale now. Scheduled tickets need both ends."
      />
      <DateTimeField
        legend="Sale ends"
        name="salesEnd"
        date={values.salesEndDate ?? ""}
        time={values.salesEndTime ?? ""}
        error={errors.salesEnd}
        hint="Empty: until the event."
      />
      {sections.length > 0 ? (
        <div className="tablet:col-span-2">
          <label htmlFor={`${id}-section`} className="block text-sm font-medium">
            Seats it sells
          </label>
          <select
            id={`${id}-section`}
            name="seatSectionId"
            defaultValue={values.seatSectionId ?? ""}
            aria-invalid={errors.seatSectionId ? true : undefined}
            aria-describedby={errors.seatSectionId ? `${id}-section-error` : undefined}
            className={select}
          >
            <option value="">Seats outside every section</option>
            {sections.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
          {errors.seatSectionId ? (
            <p id={`${id}-section-error`} className="mt-1 text-sm font-medium text-danger">
              {errors.seatSectionId}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
