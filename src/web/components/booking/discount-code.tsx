import { Tag } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import type { DiscountRule } from "~/domain/pricing";
import type { EventPageTicket } from "~/services/get-event-page";
import { messages } from "~/texts/messages";
import { toast } from "~/web/components/ui/toast";

export interface AppliedCoupon {
  code: string;
  rule: DiscountRule;
  /** Private tickets the code unlocks. */
  unlocks: EventPageTicket[];
}

/**
 * The discount or access code in the booking panel: asked of the event page's action
 * (`intent=coupon`), which says what it takes off and which private tickets it unlocks. The
 * checkout checks it again; this is only what the buyer sees while choosing.
 */
export function useDiscountCode() {
  const fetcher = useFetcher<{ coupon?: AppliedCoupon | null; couponError?: string }>();
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);

  useEffect(() => {
    const data = fetcher.data;
    if (!data || fetcher.state !== "idle") return;
    if (data.coupon) {
      setCoupon(data.coupon);
      toast.success(messages.informational.discountApplied);
    } else if (data.couponError) {
      setCoupon(null);
    }
  }, [fetcher.data, fetcher.state]);

  return {
    coupon,
    /** Why the last code asked about was refused. */
    error: fetcher.data?.couponError ?? null,
    applying: fetcher.state !== "idle",
    apply: (code: string) => fetcher.submit({ intent: "coupon", coupon: code }, { method: "post" }),
    clear: () => setCoupon(null),
  };
}

export function DiscountCodeField({
  coupon,
  error,
  applying,
  onApply,
}: {
  coupon: AppliedCoupon | null;
  error: string | null;
  applying: boolean;
  onApply: (code: string) => void;
}) {
  return (
    <div className="mt-4 border-t border-border pt-4">
      <label htmlFor="coupon" className="flex items-center gap-1.5 text-sm font-medium">
        <Tag aria-hidden className="size-4" /> Discount or access code
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id="coupon"
          name="coupon"
          defaultValue={coupon?.code ?? ""}
          autoComplete="off"
          autoCapitalize="characters"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "coupon-error" : undefined}
          className="h-10 min-w-0 flex-1 rounded-xl border border-border bg-surface px-3 text-sm uppercase
            focus:border-brand focus:outline-none aria-[invalid=true]:border-danger"
        />
        <button
          type="button"
          className="btn-secondary h-10"
          disabled={applying}
          onClick={(event) => {
            const input = event.currentTarget.form?.elements.namedItem("coupon") as HTMLInputElement | null;
            onApply(input?.value ?? "");
          }}
        >
          Apply
        </button>
      </div>
      <div aria-live="polite">
        {error ? (
          <p id="coupon-error" className="mt-1 text-sm font-medium text-danger">
            {error}
          </p>
        ) : coupon ? (
          <p className="mt-1 text-sm font-medium text-success">
            {messages.informational.discountApplied}: {coupon.code.toUpperCase()}
            {coupon.unlocks.length > 0 ? " (private tickets unlocked)" : ""}
          </p>
        ) : null}
      </div>
    </div>
  );
}
