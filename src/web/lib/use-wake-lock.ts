import { useEffect, useState } from "react";

/**
 * Keeps the screen on while a ticket is shown at the door (the Screen Wake Lock API), asking again
 * when the page comes back into view, since the browser lets go when it is hidden. Reports whether
 * the browser allowed it; browsers without the API simply do nothing.
 */
export function useWakeLock(wanted = true): boolean {
  const [on, setOn] = useState(false);
  useEffect(() => {
    if (!wanted) return;
    const wakeLock = (
      navigator as Navigator & {
        wakeLock?: {
          request(
            type: "screen",
          ): Promise<{ release(): Promise<void>; addEventListener(t: "release", f: () => void): void }>;
        };
      }
    ).wakeLock;
    if (!wakeLock) return;
    let lock: { release(): Promise<void> } | null = null;
    let gone = false;
    const request = async () => {
      if (document.visibilityState !== "visible") return;
      try {
        const l = await wakeLock.request("screen");
        if (gone) return void l.release();
        lock = l;
        setOn(true);
        l.addEventListener("release", () => setOn(false));
      } catch {
        setOn(false);
      }
    };
    void request();
    document.addEventListener("visibilitychange", request);
    return () => {
      gone = true;
      document.removeEventListener("visibilitychange", request);
      void lock?.release();
    };
  }, [wanted]);
  return on;
}
