import { Suspense, useEffect } from "react";
import type * as Sonner from "sonner";
import { optionalPart } from "~/web/lib/optional-part";
import { createStore } from "~/web/lib/store";
import { useTheme } from "~/web/lib/theme";

// Toasts (sonner) load once the page is idle, or at the first toast if that comes sooner: most
// pages show none, and every page would otherwise carry sonner's code up front. Import `toast`
// from here, never from "sonner" (the lint config enforces it).
// A fetch that failed (no signal) is forgotten, so the next toast asks again.
let loading: Promise<typeof Sonner> | undefined;
const loadSonner = () =>
  (loading ??= import("sonner").catch((error: unknown) => {
    loading = undefined;
    throw error;
  }));

/** Whether the toaster is mounted (idle has come, or a toast was asked for). */
const wanted = createStore(false);

function show(kind: "success" | "error" | "info" | "warning") {
  return (message: string, data?: Sonner.ExternalToast) => {
    wanted.set(true);
    // A toast created before the toaster subscribes is replayed to it when it does.
    loadSonner().then(
      ({ toast }) => toast[kind](message, data),
      () => undefined,
    );
  };
}

/** Shows a short message at the top of the page, from anywhere. */
export const toast = { success: show("success"), error: show("error"), info: show("info"), warning: show("warning") };

// Left out if its code cannot be fetched; the next toast mounts it afresh.
const Toaster = optionalPart(
  () => loadSonner().then((m) => m.Toaster),
  () => wanted.set(false),
);

/**
 * Mounted once in the root. The toaster (and its live region, so screen readers are listening
 * before the first message) arrives when the page is idle, or at once when a toast comes first.
 */
export function ToasterHost() {
  const { effective } = useTheme();
  const mounted = wanted.use();
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 2000));
    idle(() => wanted.set(true));
  }, []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      {/* Below the header (4 rem), so a message never hides the logo, the search or the menu while it shows. */}
      <Toaster
        position="top-center"
        offset={{ top: 72 }}
        mobileOffset={{ top: 72 }}
        theme={effective}
        richColors
        closeButton
        visibleToasts={50}
        duration={5000}
      />
    </Suspense>
  );
}
