import { FlaskConical } from "lucide-react";
import { messages } from "~/texts/messages";

/**
 * Said plainly on every checkout page while payments move no money (the built-in test provider,
 * or Stripe in test mode), so nobody takes a test booking for a real one.
 */
export function TestPaymentsNotice({ className = "" }: { className?: string }) {
  return (
    <p
      role="note"
      className={
        `flex items-start gap-2 rounded-xl border border-warning bg-warning-soft px-4 py-3 text-sm text-fg ` +
        `${className}`
      }
    >
      <FlaskConical aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
      <span>
        <strong className="font-semibold">{messages.buyer.testPayments}</strong> {messages.buyer.testPaymentsDetail}
      </span>
    </p>
  );
}
