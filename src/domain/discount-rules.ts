import { z } from "zod";
import type { AppError } from "~/lib/app-error";
import { formatMoney } from "~/lib/format";
import { londonDateTimeFromForm } from "~/lib/london-time";
import { field } from "~/lib/read-form";
import { studioTicketMessages } from "~/texts/studio-ticket-messages";
import { parsePounds } from "./money";
import { dateTimeWords, invalidFields, wholeNumber } from "./ticket-type-form";

/**
 * A host's discount code (spec §3 "Discount"): a name, a code stored lower case and unique per
 * host, a percentage (in basis points) or a fixed amount (in pence) off, on or off, private or not
 * (a private code also unlocks private tickets), an optional window and use limit, and the events
 * it applies to (none named: all the host's events). Pure.
 */

export const DISCOUNT_NAME_MAX = 80;
export const DISCOUNT_CODE_MAX = 40;
export const DISCOUNT_FIXED_MAX_PENCE = 1_000_000;
export const DISCOUNT_MAX_USES_LIMIT = 1_000_000;

/** How a code is kept and looked up (spec §5: "looked up lower-cased, per host"). */
export function normaliseCode(text: string): string {
  return text.trim().toLowerCase();
}

const CODE = new RegExp(`^[a-z0-9_-]{1,${DISCOUNT_CODE_MAX}}$`);

/** A percentage as typed ('10', '12.5') in basis points (1250), or null when it is not one. */
export function percentToBasisPoints(text: string): number | null {
  const clean = text.trim().replace(/%$/, "").trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(clean)) return null;
  const [whole, part = ""] = clean.split(".");
  return Number(whole) * 100 + Number(part.padEnd(2, "0"));
}

/** Basis points as a form shows them for editing: 1250 → '12.5', 1000 → '10'. */
export function basisPointsForInput(basisPoints: number): string {
  return String(basisPoints / 100);
}

export interface DiscountDraft {
  name: string;
  /** Already normalised (`normaliseCode`). */
  code: string;
  kind: "percent" | "fixed";
  /** Basis points for a percentage, pence for a fixed amount. */
  value: number;
  isActive: boolean;
  isPrivate: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  maxUses: number | null;
  /** The events it is limited to; null: every event of the host. */
  eventIds: string[] | null;
}

export type DiscountField = "name" | "code" | "value" | "startsAt" | "endsAt" | "maxUses" | "eventIds";

/**
 * Everything wrong with a discount as given, by field. A percentage is 1 to 100% (0% only for a
 * private code, which then just unlocks private tickets); a fixed amount 1p to £10,000. The use
 * limit against the uses already made is the database's conditional update, not judged here.
 */
export function discountProblems(d: DiscountDraft): Partial<Record<DiscountField, string>> {
  const s = studioTicketMessages.discounts;
  const problems: Partial<Record<DiscountField, string>> = {};
  if (!d.name.trim()) problems.name = s.nameRequired;
  else if (d.name.trim().length > DISCOUNT_NAME_MAX) problems.name = s.nameTooLong(DISCOUNT_NAME_MAX);
  if (!d.code) problems.code = s.codeRequired;
  else if (!CODE.test(d.code)) problems.code = s.codeFormat(DISCOUNT_CODE_MAX);
  if (d.kind === "percent") {
    const ok = Number.isInteger(d.value) && d.value <= 10_000 && (d.value >= 100 || (d.value === 0 && d.isPrivate));
    if (!ok) problems.value = s.percentRange;
  } else if (!Number.isInteger(d.value) || d.value < 1 || d.value > DISCOUNT_FIXED_MAX_PENCE) {
    problems.value = s.fixedRange;
  }
  if (d.startsAt && d.endsAt && d.endsAt.getTime() <= d.startsAt.getTime()) problems.endsAt = s.windowOrder;
  if (d.maxUses !== null && (!Number.isInteger(d.maxUses) || d.maxUses < 1 || d.maxUses > DISCOUNT_MAX_USES_LIMIT))
    problems.maxUses = s.maxUsesRange;
  if (d.eventIds !== null && d.eventIds.length === 0) problems.eventIds = s.eventsRequired;
  return problems;
}

/** What a discount takes off, in words: '10% off', '£5.00 off', or what a 0% private code does. */
export function discountValueLabel(kind: "percent" | "fixed", value: number, currency = "GBP"): string {
  if (kind === "fixed") return `${formatMoney(value, currency)} off`;
  if (value === 0) return "Unlocks private tickets";
  return `${basisPointsForInput(value)}% off`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The discount form as the browser sends it: text, and the ticked events; judged by `discountDraftFrom`. */
export const DiscountForm = z.object({
  name: field.text(500),
  code: field.text(500),
  kind: z.enum(["percent", "fixed"]).default("percent"),
  value: field.text(40),
  isActive: field.checkbox(),
  isPrivate: field.checkbox(),
  startsDate: field.text(40),
  startsTime: field.text(40),
  endsDate: field.text(40),
  endsTime: field.text(40),
  maxUses: field.text(40),
  scope: z.enum(["all", "some"]).default("all"),
  eventIds: field.list(field.text(40), 500),
});

export type DiscountFormText = z.output<typeof DiscountForm>;

/** The form's text as the page shows it again after a refusal (the ticked events go beside it). */
export const typedDiscount = (form: DiscountFormText): Record<string, string> => ({
  ...form,
  isActive: form.isActive ? "on" : "",
  isPrivate: form.isPrivate ? "on" : "",
  eventIds: "",
});

/**
 * The form read into a draft: the code normalised, the value in basis points or pence, dates and
 * London 'HH:MM' times to instants, and the events ('all', or the ticked ones); then every rule of
 * `discountProblems` at once, each beside its field.
 */
export function discountDraftFrom(
  form: DiscountFormText,
): { ok: true; draft: DiscountDraft } | { ok: false; error: AppError } {
  const starts = londonDateTimeFromForm(form.startsDate, form.startsTime);
  const ends = londonDateTimeFromForm(form.endsDate, form.endsTime);
  const value = form.kind === "percent" ? percentToBasisPoints(form.value) : parsePounds(form.value);
  const draft: DiscountDraft = {
    name: form.name.trim(),
    code: normaliseCode(form.code),
    kind: form.kind,
    value: value ?? NaN,
    isActive: form.isActive,
    isPrivate: form.isPrivate,
    startsAt: starts.ok ? starts.at : null,
    endsAt: ends.ok ? ends.at : null,
    maxUses: form.maxUses.trim() ? wholeNumber(form.maxUses) : null,
    eventIds: form.scope === "all" ? null : [...new Set(form.eventIds)],
  };
  const problems: Record<string, string> = discountProblems(draft);
  if (draft.eventIds?.some((id) => !UUID.test(id))) problems.eventIds = studioTicketMessages.discounts.eventUnknown;
  if (!starts.ok) problems.startsAt = dateTimeWords(starts.problem);
  if (!ends.ok) problems.endsAt = dateTimeWords(ends.problem);
  if (Object.keys(problems).length > 0) return { ok: false, error: invalidFields(problems) };
  return { ok: true, draft };
}

export type DiscountState = "off" | "scheduled" | "ended" | "used_up" | "live";

/** Where a discount stands now, for the host's list: switched off, not started, over, used up, or live. */
export function discountState(
  d: { isActive: boolean; startsAt: Date | null; endsAt: Date | null; maxUses: number | null; uses: number },
  now: Date,
): DiscountState {
  if (!d.isActive) return "off";
  if (d.endsAt && now.getTime() >= d.endsAt.getTime()) return "ended";
  if (d.maxUses !== null && d.uses >= d.maxUses) return "used_up";
  if (d.startsAt && now.getTime() < d.startsAt.getTime()) return "scheduled";
  return "live";
}
