import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { IMAGE_ACCEPT } from "~/domain/image-rules";
import { judgeImageFile } from "~/web/lib/use-chosen-file";
import { useHydrated } from "~/web/lib/use-hydrated";

interface ImagePickerProps {
  /** The file input's name; the action reads the upload from it. */
  name: string;
  /** The checkbox that asks for the saved image to be removed. */
  removeName: string;
  /** The group's heading, e.g. "Profile image". */
  legend: string;
  /** The noun on the buttons: "photo" gives "Choose photo", "Replace photo", "Remove photo". */
  noun: string;
  /** The saved image's public path, if any. */
  current: string | null;
  shape: "round" | "wide";
  /** Shown in the preview when there is no image (initials, a pattern). */
  fallback: ReactNode;
  hint?: ReactNode;
  /** The server's verdict on the last upload. */
  error?: string | null;
}

/**
 * Choose, replace or remove one image, with a preview. Before JavaScript it is a plain file input
 * and a "Remove" checkbox, which post with the form as they are. In the browser it checks the
 * file's size and first bytes with the same rules and words as the server, which still decides.
 */
export function ImagePicker({
  name,
  removeName,
  legend,
  noun,
  current,
  shape,
  fallback,
  hint,
  error,
}: ImagePickerProps) {
  const id = useId();
  const hydrated = useHydrated();
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<{ url: string; fileName: string } | null>(null);
  const [removed, setRemoved] = useState(false);
  const [clientError, setClientError] = useState<string | null>(null);

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview.url) : undefined), [preview]);

  // A refused file never left the browser: once the form is sent, its message has done its job.
  useEffect(() => {
    const form = inputRef.current?.form;
    if (!form) return;
    const clear = () => setClientError(null);
    form.addEventListener("submit", clear);
    return () => form.removeEventListener("submit", clear);
  }, [hydrated]);

  /** Tells the unsaved-changes watcher on the form that a field changed under it. */
  const announceChange = () => inputRef.current?.form?.dispatchEvent(new Event("input"));

  const clearFile = () => {
    if (inputRef.current) inputRef.current.value = "";
    setPreview(null);
    announceChange();
  };

  const onFileChosen = async (file: File | undefined) => {
    setClientError(null);
    if (!file) {
      setPreview(null);
      return;
    }
    const problem = await judgeImageFile(file);
    // Another file chosen while this one was read: its own check answers for it.
    if (inputRef.current?.files?.[0] !== file) return;
    if (problem) {
      setClientError(problem);
      clearFile();
      return;
    }
    setRemoved(false);
    setPreview({ url: URL.createObjectURL(file), fileName: file.name });
  };

  const shown = removed ? null : (preview?.url ?? current);
  const shownError = clientError ?? error ?? null;
  const describedBy =
    [hint ? `${id}-hint` : null, shownError ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  const status = preview
    ? `${preview.fileName} is ready. It's saved when you save your profile.`
    : removed
      ? `Your ${noun} will be removed when you save.`
      : null;

  const previewBox =
    shape === "round" ? (
      <div
        className="grid size-24 shrink-0 place-items-center overflow-hidden rounded-full border-4 border-surface
        bg-brand-soft text-2xl font-bold text-brand shadow-[var(--shadow)] tablet:size-28"
      >
        {shown ? (
          <img
            src={shown}
            alt={preview ? `New ${noun}, not saved yet` : `Your ${noun}`}
            className="size-full object-cover"
          />
        ) : (
          fallback
        )}
      </div>
    ) : (
      <div className="relative aspect-[16/5] w-full overflow-hidden rounded-xl border border-border bg-surface-2">
        {shown ? (
          <img
            src={shown}
            alt={preview ? `New ${noun}, not saved yet` : `Your ${noun}`}
            className="size-full object-cover"
          />
        ) : (
          fallback
        )}
      </div>
    );

  return (
    <fieldset aria-describedby={describedBy}>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className={shape === "round" ? "mt-2 flex flex-wrap items-center gap-4" : "mt-2 space-y-3"}>
        {previewBox}
        <div className="min-w-0 space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            {hydrated ? (
              <>
                <input
                  ref={inputRef}
                  id={id}
                  type="file"
                  name={name}
                  accept={IMAGE_ACCEPT}
                  aria-invalid={shownError ? true : undefined}
                  aria-describedby={describedBy}
                  className="peer sr-only"
                  onChange={(e) => void onFileChosen(e.currentTarget.files?.[0])}
                />
                <label
                  htmlFor={id}
                  className="btn-secondary cursor-pointer peer-focus-visible:outline-2
                    peer-focus-visible:outline-offset-2 peer-focus-visible:outline-[var(--ring)]"
                >
                  {shown || preview ? `Replace ${noun}` : `Choose ${noun}`}
                </label>
                {preview ? (
                  <button type="button" className="btn-ghost" aria-label={`Undo ${noun} change`} onClick={clearFile}>
                    Undo
                  </button>
                ) : null}
              </>
            ) : (
              <label className="block text-sm">
                <span className="sr-only">{current ? `Replace ${noun}` : `Choose ${noun}`}</span>
                <input
                  ref={inputRef}
                  type="file"
                  name={name}
                  accept={IMAGE_ACCEPT}
                  aria-invalid={shownError ? true : undefined}
                  className="block w-full text-sm text-fg-muted file:mr-3 file:min-h-10 file:rounded-full
                    file:border file:border-border file:bg-surface file:px-4 file:text-sm file:font-semibold
                    file:text-fg"
                />
              </label>
            )}
            {current && !preview ? (
              <label
                className="btn-ghost cursor-pointer has-[:focus-visible]:outline-2
                has-[:focus-visible]:outline-[var(--ring)]"
              >
                <input
                  type="checkbox"
                  name={removeName}
                  className="size-4 accent-[var(--brand-strong)] focus:outline-none"
                  checked={removed}
                  onChange={(e) => setRemoved(e.currentTarget.checked)}
                />
                Remove {noun}
              </label>
            ) : null}
          </div>
          {hint ? (
            <p id={`${id}-hint`} className="text-xs text-fg-muted">
              {hint}
            </p>
          ) : null}
          <p aria-live="polite" className="text-xs text-fg-muted empty:hidden">
            {status}
          </p>
          {shownError ? (
            <p id={`${id}-error`} className="text-sm font-medium text-danger">
              {shownError}
            </p>
          ) : null}
        </div>
      </div>
    </fieldset>
  );
}
