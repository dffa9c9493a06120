import { LoaderCircle } from "lucide-react";
import { createStore } from "~/web/lib/store";

interface LoadingState {
  title?: string;
  description?: string;
}

const loadingStore = createStore<LoadingState | null>(null);

/** Covers the page while a long action runs; callable from anywhere. */
export const loading = {
  show: (state: LoadingState = {}) => loadingStore.set(state),
  hide: () => loadingStore.set(null),
};

export function LoadingOverlayHost() {
  const state = loadingStore.use();
  if (!state) return null;
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-busy="true"
      aria-label={state.title ?? "Loading"}
      className="fixed inset-0 z-[95] grid place-items-center bg-bg/80 backdrop-blur-sm"
    >
      <div className="flex max-w-sm flex-col items-center gap-3 px-6 text-center">
        <LoaderCircle aria-hidden className="size-10 animate-spin text-brand" />
        {state.title ? <p className="text-lg font-semibold">{state.title}</p> : null}
        {state.description ? <p className="text-sm text-fg-muted">{state.description}</p> : null}
      </div>
    </div>
  );
}
