import { useEffect, useRef, useState, type RefObject } from "react";
import { useBlocker, useNavigation } from "react-router";
import { confirm } from "../components/ui/confirm-dialog";
import { messages } from "~/texts/messages";

/**
 * Warns before leaving a form with unsaved changes (spec §5): in-app navigation asks with the
 * global dialog; closing the tab or reloading gets the browser's own prompt. A form is dirty once
 * any of its fields differs from what the page loaded with, or from what it last sent: a change
 * made while a save is still on its way stays a change. Returns whether the form is dirty, so a page can show "Unsaved
 * changes" beside its button. A ref to another element stands for every form inside it (a list whose
 * rows each have their own form, as an event's ticket types do).
 */
export function useUnsavedChanges(...formRefs: RefObject<HTMLElement | null>[]): boolean {
  const [dirty, setDirty] = useState(false);
  const initial = useRef<string | null>(null);
  const sent = useRef<{ forms: HTMLFormElement[]; data: string } | null>(null);
  const submitted = useRef(false);
  const navigation = useNavigation();
  // One router blocker per page, however many forms it has: watch them all together.
  const refs = useRef(formRefs);
  refs.current = formRefs;

  // Snapshot the forms as loaded (and again after each save, when the page re-renders with new data).
  useEffect(() => {
    if (navigation.state !== "idle") {
      // Only a page submission brings the form's data back through the loader.
      if (navigation.state === "submitting") submitted.current = true;
      return;
    }
    const forms = refs.current.flatMap((r) =>
      r.current instanceof HTMLFormElement
        ? [r.current]
        : r.current
          ? Array.from(r.current.querySelectorAll("form"))
          : [],
    );
    if (forms.length === 0) return;
    const snapshot = () => forms.map(serialise).join("\n");
    // What was sent is the saved state, unless the page drew its form afresh from the new data.
    const same = sent.current !== null && submitted.current && sent.current.forms.every((f, i) => f === forms[i]);
    initial.current = same && sent.current ? sent.current.data : snapshot();
    sent.current = null;
    submitted.current = false;
    const compare = () => setDirty(snapshot() !== initial.current);
    // After the event has reached React too: re-rendering from this listener (on the form, before
    // React's own at the root) would put a controlled input back to its old value, and React would
    // then see no change and never call its onChange.
    const check = () => setTimeout(compare);
    const remember = () => {
      sent.current = { forms, data: snapshot() };
    };
    // A form a page clears after saving (a new password, say) starts clean again.
    const cleared = () =>
      setTimeout(() => {
        initial.current = snapshot();
        setDirty(false);
      });
    compare();
    for (const form of forms) {
      form.addEventListener("input", check);
      form.addEventListener("change", check);
      form.addEventListener("submit", remember);
      form.addEventListener("reset", cleared);
    }
    return () => {
      for (const form of forms) {
        form.removeEventListener("input", check);
        form.removeEventListener("change", check);
        form.removeEventListener("submit", remember);
        form.removeEventListener("reset", cleared);
      }
    };
  }, [navigation.state]);

  // While a save is on its way, and while the page reloads after it, `dirty` still describes the
  // form before the save: what counts then is only what changed since it was sent. (A link clicked
  // as the "Saved" message shows, before the reload lands, must not ask about unsaved changes.)
  const saving = navigation.state !== "idle";
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (currentLocation.pathname === nextLocation.pathname) return false;
    const pending = sent.current;
    if (saving && pending) return pending.forms.map(serialise).join("\n") !== pending.data;
    return dirty && navigation.state !== "submitting";
  });

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

/** The form's data as a person entered it: hidden fields are the page's, and change with each load. */
function serialise(form: HTMLFormElement): string {
  const hidden = new Set(
    Array.from(form.querySelectorAll<HTMLInputElement>("input[type=hidden]"), (input) => input.name),
  );
  const parts: string[] = [];
  for (const [key, value] of new FormData(form)) {
    if (hidden.has(key)) continue;
    parts.push(`${key}=${typeof value === "string" ? value : `${value.name}:${value.size}`}`);
  }
  return parts.join("&");
}
