import { Check } from "lucide-react";
import { messages } from "~/texts/messages";

/**
 * What became of a save, beside its button: "Saved", or "Nothing to change" when the form
 * matched what was stored (spec §5: those saves write nothing). The live region is always in the
 * page so screen readers announce each new result.
 */
export function SaveStatus({ result }: { result: "saved" | "unchanged" | null }) {
  return (
    <span
      role="status"
      className={
        `inline-flex items-center gap-1.5 text-sm font-medium ` +
        `${result === "saved" ? "text-success" : "text-fg-muted"}`
      }
    >
      {result === "saved" ? (
        <>
          <Check aria-hidden className="size-4" /> {messages.preferences.saved}
        </>
      ) : result === "unchanged" ? (
        messages.preferences.nothingToChange
      ) : null}
    </span>
  );
}
