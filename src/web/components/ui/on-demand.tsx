import { useState, type ComponentType, type ReactElement } from "react";

/** What an on-demand widget is told about how the person reached it. */
export interface OnDemandState {
  /** They clicked: open at once. */
  defaultOpen: boolean;
  /** They were focused on the placeholder: keep focus on the real trigger. */
  focusOnMount: boolean;
}

export interface TriggerHandlers {
  onPointerEnter?: () => void;
  onFocus?: (event: { currentTarget: Element }) => void;
  onClick?: () => void;
}

/**
 * A menu or dialog whose code loads only when someone reaches for it (fetched when a pointer comes
 * over its trigger, swapped in on focus or a click), so every page does not ship widgets most
 * visits never open. Until then `placeholder` renders a trigger that must look and read exactly
 * like the real one.
 *
 * The placeholder stays, focused and pressable, until the code has arrived, and only then gives way
 * to the real trigger in one step: swapping it for a loading fallback would drop keyboard focus to
 * the page for as long as the code takes to come (a Tab that seems to land nowhere). A press made
 * while the code loads opens the widget when it arrives.
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P & OnDemandState>>) {
  let loading: Promise<ComponentType<P & OnDemandState>> | undefined;
  let Loaded: ComponentType<P & OnDemandState> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => (Loaded = component),
      (error: unknown) => {
        // A failed fetch (a dropped connection) is tried again at the next reach.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return function OnDemand(props: P & { placeholder: (handlers: TriggerHandlers) => ReactElement }) {
    const { placeholder, ...rest } = props;
    const [state, setState] = useState<OnDemandState | null>(null);
    const whenLoaded = (next: () => OnDemandState | null) =>
      void preload().then(
        () => setState((current) => current ?? next()),
        () => undefined,
      );
    if (!state || !Loaded) {
      return placeholder({
        // Pointing at it only fetches the code: swapping the button under a pointer that is about
        // to press it could lose the press.
        onPointerEnter: () => void preload().catch(() => undefined),
        // Keyboard focus swaps in the real trigger once it is here, if the placeholder still has
        // focus then (focus from a press waits for the click).
        onFocus: (event) => {
          const element = event.currentTarget;
          if (!element.matches(":focus-visible")) return void preload().catch(() => undefined);
          whenLoaded(() => (document.activeElement === element ? { defaultOpen: false, focusOnMount: true } : null));
        },
        onClick: () => whenLoaded(() => ({ defaultOpen: true, focusOnMount: true })),
      });
    }
    return <Loaded {...(rest as P)} {...state} />;
  };
}
