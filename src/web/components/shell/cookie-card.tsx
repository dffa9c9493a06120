import { Cookie } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "~/web/components/ui/toast";
import { consentFromChoice, serializeConsent, type CookieConsent } from "~/lib/consent";
import { messages } from "~/texts/messages";

/**
 * PECR: nothing non-essential runs until a choice is made here, and rejecting is one click, as
 * easy as accepting. The choice is kept for ten years.
 */
export function CookieCard({ onSaved }: { onSaved: (consent: CookieConsent) => void }) {
  const [performance, setPerformance] = useState(false);
  const [statistics, setStatistics] = useState(false);

  const save = (choice: { performance: boolean; statistics: boolean }) => {
    const next: CookieConsent = consentFromChoice(choice, new Date().toISOString());
    document.cookie = serializeConsent(next, location.protocol === "https:");
    onSaved(next);
    toast.success(messages.cookies.updated);
  };

  return (
    <section
      aria-labelledby="cookie-card-title"
      className="card fixed right-3 bottom-3 left-3 z-[70] max-h-[80dvh] overflow-y-auto p-5 shadow-xl
        tablet:right-auto tablet:left-6 tablet:w-[26rem] laptop:bottom-6"
      data-signed-in-offset
    >
      <div className="flex items-start gap-3">
        <Cookie aria-hidden className="mt-0.5 size-5 shrink-0 text-brand" />
        <div>
          <h2 id="cookie-card-title" className="font-semibold">
            Your cookie choices
          </h2>
          <p className="mt-1 text-sm text-fg-muted">
            We use essential cookies to keep you signed in and remember your settings. With your permission we'd also
            like to measure how pages perform and which are visited, on our own servers only.{" "}
            <Link to="/legal/cookie-policy" className="link">
              Cookie policy
            </Link>
          </p>
        </div>
      </div>
      <fieldset className="mt-4 space-y-2">
        <legend className="sr-only">Cookie categories</legend>
        <label className="flex min-h-6 items-center gap-3 text-sm">
          <input type="checkbox" checked disabled className="size-4 accent-[#c8175f]" />
          <span>
            <span className="font-medium">Necessary</span> <span className="text-fg-muted">(always on)</span>
          </span>
        </label>
        <label className="flex min-h-6 items-center gap-3 text-sm">
          <input
            type="checkbox"
            checked={performance}
            onChange={(e) => setPerformance(e.target.checked)}
            className="size-4 accent-[#c8175f]"
          />
          <span>
            <span className="font-medium">Performance</span>{" "}
            <span className="text-fg-muted">page speed measurements</span>
          </span>
        </label>
        <label className="flex min-h-6 items-center gap-3 text-sm">
          <input
            type="checkbox"
            checked={statistics}
            onChange={(e) => setStatistics(e.target.checked)}
            className="size-4 accent-[#c8175f]"
          />
          <span>
            <span className="font-medium">Statistics</span>{" "}
            <span className="text-fg-muted">anonymous page visit counts</span>
          </span>
        </label>
      </fieldset>
      <div className="mt-4 grid grid-cols-1 gap-2 mobile:grid-cols-3">
        <button
          type="button"
          className="btn-secondary px-3"
          onClick={() => save({ performance: false, statistics: false })}
        >
          Reject non-essential
        </button>
        <button type="button" className="btn-secondary px-3" onClick={() => save({ performance, statistics })}>
          Accept Selected
        </button>
        <button
          type="button"
          className="btn-primary px-3"
          onClick={() => save({ performance: true, statistics: true })}
        >
          Accept All
        </button>
      </div>
    </section>
  );
}
