import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

/** A pink 3px bar while a navigation loads; shown after a short delay so fast pages don't flicker. */
export function ProgressBar() {
  const busy = useNavigation().state !== "idle";
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!busy) return setVisible(false);
    const timer = setTimeout(() => setVisible(true), 120);
    return () => clearTimeout(timer);
  }, [busy]);
  if (!visible) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-[100] h-[3px] overflow-hidden bg-brand-soft"
    >
      <div className="tb-progress-bar h-full w-full bg-[#ec4899]" />
    </div>
  );
}
