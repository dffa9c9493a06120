import { useEffect, useRef } from "react";
import { useLocation, useNavigation, useNavigationType } from "react-router";

/**
 * A hash scrolls smoothly to the element with that id; any other new page starts at the top.
 * Back and forward keep the browser's remembered position (React Router's ScrollRestoration).
 * A form posted on a page that stays on it (its answer, or a redirect back to the same page) keeps
 * the page where it was: its error or its confirmation is beside the form, not a screen away.
 */
export function ScrollManager() {
  const { pathname, hash, key } = useLocation();
  const navigationType = useNavigationType();
  const navigation = useNavigation();
  const posted = useRef(false);
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (navigation.state !== "idle") posted.current = Boolean(navigation.formMethod && navigation.formMethod !== "GET");
  }, [navigation.state, navigation.formMethod]);
  useEffect(() => {
    const samePage = shownPath.current === pathname;
    shownPath.current = pathname;
    const afterPost = posted.current;
    posted.current = false;
    if (navigationType === "POP") return;
    if (hash) {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) {
        target.scrollIntoView({ behavior: "smooth", block: "start" });
        return;
      }
    }
    if (afterPost && samePage) return;
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [pathname, hash, key, navigationType]);
  return null;
}
