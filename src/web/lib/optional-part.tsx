import { lazy, type ComponentType } from "react";

const Nothing = () => null;

/**
 * `React.lazy` for a part of the page it can do without (the toaster, a banner, a notice): if its
 * code cannot be fetched (the signal dropped before it came), the part is left out rather than the
 * page's error screen taking the whole page, and the next render tries the fetch again. Not for a
 * part a form needs to save what was typed: that one should fail where it can be seen.
 */
export function optionalPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  onFail?: () => void,
): ComponentType<P> {
  const make = () =>
    lazy(() =>
      load().then(
        (component) => ({ default: component }),
        () => {
          current = make();
          onFail?.();
          return { default: Nothing as ComponentType<P> };
        },
      ),
    );
  let current = make();
  return function OptionalPart(props: P) {
    const Part = current;
    return <Part {...props} />;
  };
}
