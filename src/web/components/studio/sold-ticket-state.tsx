import type { SoldTicketState } from "~/domain/sales-desk";
import { salesDeskMessages } from "~/texts/sales-desk-messages";

const BADGE = "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap";
const TONES: Record<SoldTicketState, string> = {
  valid: "bg-brand-soft text-fg",
  checked_in: "bg-success/10 text-success",
  cancelled: "border border-border text-fg-muted",
  refunded: "bg-warning-soft text-warning",
};

/** A sold ticket's state in words (never colour alone): valid, checked in, cancelled, refunded. */
export function SoldTicketStateBadge({ state }: { state: SoldTicketState }) {
  return <span className={`${BADGE} ${TONES[state]}`}>{salesDeskMessages.states[state]}</span>;
}
