import { useEffect, useRef, useState, type RefObject } from "react";
import { useBlocker, useNavigation } from "react-router";
import { confirm } from "../components/ui/confirm-dialog";
import { messages } from "../messages";

/**
 * Warns before leaving a form with unsaved changes (spec §5): in-app navigation asks with the
 * global dialog; closing the tab or reloading gets the browser's own prompt. A form is dirty once
 * any of its fields differs from what the page loaded with; submitting it clears that.
 * Returns whether the form is dirty, so a page can show "Unsaved changes" beside its button.
 */
export function useUnsavedChanges(...formRefs: RefObject<HTMLFormElement | null>[]): boolean {
  const [dirty, setDirty] = useState(false);
  const initial = useRef<string | null>(null);
  const navigation = useNavigation();
  // One router blocker per page, however many forms it has: watch them all together.
  const refs = useRef(formRefs);
  refs.current = formRefs;

  // Snapshot the forms as loaded (and again after each save, when the page re-renders with new data).
  useEffect(() => {
    if (navigation.state !== "idle") return;
    const forms = refs.current.map((r) => r.current).filter((f): f is HTMLFormElement => f !== null);
    if (forms.length === 0) return;
    const snapshot = () => forms.map(serialise).join("\n");
    initial.current = snapshot();
    setDirty(false);
    const check = () => setDirty(snapshot() !== initial.current);
    for (const form of forms) {
      form.addEventListener("input", check);
      form.addEventListener("change", check);
    }
    return () => {
      for (const form of forms) {
        form.removeEventListener("input", check);
        form.removeEventListener("change", check);
      }
    };
  }, [navigation.state]);

  const submitting = navigation.state === "submitting";
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !submitting && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (blocker.state !== "blocked") return;
    void confirm({ title: messages.forms.unsavedChanges, confirmLabel: "Leave", cancelLabel: "Stay" }).then((leave) => {
      if (leave) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  return dirty;
}

function serialise(form: HTMLFormElement): string {
  const parts: string[] = [];
  for (const [key, value] of new FormData(form)) {
    parts.push(`${key}=${typeof value === "string" ? value : `${value.name}:${value.size}`}`);
  }
  return parts.join("&");
}
