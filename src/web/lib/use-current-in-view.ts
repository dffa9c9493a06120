import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** The width of a `scroll-fade` edge (app.css): a tab under it reads as cut off. */
const FADE_PX = 40;

/**
 * A row of tabs that scrolls sideways on a phone shows where you are. The row is drawn scrolled to
 * its start, so a page reached by link or reload whose tab is sixth of eight had its tab off-screen
 * and none lit; after each navigation the row (never the page) scrolls the link marked
 * `aria-current="page"` to its middle, unless it is already clear of the faded edges. Give the
 * returned ref to the element that scrolls.
 */
export function useCurrentInView<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const { pathname, search } = useLocation();
  useEffect(() => {
    const row = ref.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !current || row.scrollWidth <= row.clientWidth) return;
    const box = row.getBoundingClientRect();
    const tab = current.getBoundingClientRect();
    if (tab.left >= box.left + FADE_PX && tab.right <= box.right - FADE_PX) return;
    row.scrollLeft += tab.left + tab.width / 2 - (box.left + box.width / 2);
  }, [pathname, search]);
  return ref;
}
