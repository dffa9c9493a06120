import { lazy, Suspense, useState, type ComponentType, type ReactElement } from "react";

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
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P & OnDemandState>>) {
  let loading: Promise<ComponentType<P & OnDemandState>> | undefined;
  const preload = () => (loading ??= load());
  const Real = lazy(async () => ({ default: await preload() }));
  return function OnDemand(props: P & { placeholder: (handlers: TriggerHandlers) => ReactElement }) {
    const { placeholder, ...rest } = props;
    const [state, setState] = useState<OnDemandState | null>(null);
    const open = () => setState({ defaultOpen: true, focusOnMount: true });
    if (!state) {
      return placeholder({
        // Pointing at it only fetches the code: swapping the button under a pointer that is about
        // to press it could lose the press.
        onPointerEnter: () => void preload(),
        // Keyboard focus swaps in the real trigger (keeping focus on it); focus from a press waits for the click.
        onFocus: (event) => {
          void preload();
          if (event.currentTarget.matches(":focus-visible")) setState({ defaultOpen: false, focusOnMount: true });
        },
        onClick: open,
      });
    }
    return (
      <Suspense fallback={placeholder({ onClick: open })}>
        <Real {...(rest as P)} {...state} />
      </Suspense>
    );
  };
}
