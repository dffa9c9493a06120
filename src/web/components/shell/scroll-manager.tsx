import { useEffect } from "react";
import { useLocation, useNavigationType } from "react-router";

/**
 * A hash scrolls smoothly to the element with that id; any other new page starts at the top.
 * Back and forward keep the browser's remembered position (React Router's ScrollRestoration).
 */
export function ScrollManager() {
  const { pathname, hash, key } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType === "POP") return;
    if (hash) {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) {
        target.scrollIntoView({ behavior: "smooth", block: "start" });
        return;
      }
    }
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [pathname, hash, key, navigationType]);
  return null;
}
