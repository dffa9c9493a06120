import { z } from "zod";
import { AppError } from "~/lib/app-error";
import { londonDateTimeFromForm } from "~/lib/london-time";
import { field } from "~/lib/read-form";
import { studioTicketMessages } from "~/texts/studio-ticket-messages";
import { ticketTypeProblems, type TicketTypeDraft } from "./event-life-cycle";
import { parsePounds } from "./money";
import type { TicketKind } from "./ticket-availability";

const KINDS = ["general", "private", "scheduled_visible", "scheduled_hidden"] as const satisfies readonly TicketKind[];

/** A whole number typed into a form, or NaN (the rules then name the field). */
export const wholeNumber = (text: string): number => (/^\s*\d{1,9}\s*$/.test(text) ? Number(text) : NaN);

/** Words for a date and time pair that could not be read. */
export function dateTimeWords(problem: "both" | "date" | "time"): string {
  const t = studioTicketMessages.tickets;
  return problem === "both" ? t.dateAndTime : problem === "date" ? t.dateFormat : t.timeFormat;
}

/** A refusal naming each field's problem (the first also as the whole form's words). */
export function invalidFields(fields: Record<string, string>): AppError {
  return new AppError("validation_failed", Object.values(fields)[0], { fields });
}

/** The editor's ticket type form as the browser sends it: text, judged by `ticketTypeDraftFrom`. */
export const TicketTypeForm = z.object({
  name: field.text(500),
  description: field.text(2000),
  kind: z.enum(KINDS, { error: studioTicketMessages.tickets.kindRequired }).default("general"),
  price: field.text(40),
  payWhatYouWish: field.checkbox(),
  capacity: field.text(40),
  maxPerOrder: field.text(40),
  salesStartDate: field.text(40),
  salesStartTime: field.text(40),
  salesEndDate: field.text(40),
  salesEndTime: field.text(40),
  seatSectionId: field.text(40),
});

export type TicketTypeFormText = z.output<typeof TicketTypeForm>;

/** The form's text as the page shows it again after a refusal, so nothing typed is lost. */
export const typedTicketType = (form: TicketTypeFormText): Record<string, string> => ({
  ...form,
  payWhatYouWish: form.payWhatYouWish ? "on" : "",
});

/**
 * The form read into a draft: the price in pounds to pence, dates and London 'HH:MM' times to
 * instants; then every rule of `ticketTypeProblems` at once, each beside its field (the service
 * judges the draft again, and the database the stock).
 */
export function ticketTypeDraftFrom(
  form: TicketTypeFormText,
): { ok: true; draft: TicketTypeDraft; seatSectionId: string | null } | { ok: false; error: AppError } {
  const start = londonDateTimeFromForm(form.salesStartDate, form.salesStartTime);
  const end = londonDateTimeFromForm(form.salesEndDate, form.salesEndTime);
  const price = parsePounds(form.price.trim() || "0");
  const draft: TicketTypeDraft = {
    name: form.name.trim(),
    description: form.description.trim() || null,
    kind: form.kind,
    pricePence: price ?? 0,
    payWhatYouWish: form.payWhatYouWish,
    capacity: wholeNumber(form.capacity),
    maxPerOrder: wholeNumber(form.maxPerOrder || "10"),
    salesStartAt: start.ok ? start.at : null,
    salesEndAt: end.ok ? end.at : null,
  };
  const problems: Record<string, string> = ticketTypeProblems(draft);
  // An amount too long to read is a price over the limit, and is told the limit, not how to write pounds.
  if (price === null)
    problems.price = /^\d+(\.\d{1,2})?$/.test(form.price.replace(/[£€,\s]/g, ""))
      ? form.payWhatYouWish
        ? studioTicketMessages.tickets.minimumRange
        : studioTicketMessages.tickets.priceRange
      : studioTicketMessages.tickets.priceFormat;
  // A window that could not be read is named as such, not as missing.
  if (!start.ok) problems.salesStart = dateTimeWords(start.problem);
  if (!end.ok) problems.salesEnd = dateTimeWords(end.problem);
  if (Object.keys(problems).length > 0) return { ok: false, error: invalidFields(problems) };
  return { ok: true, draft, seatSectionId: form.seatSectionId.trim() || null };
}
