import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";

/**
 * Form building blocks shared by every form: a label above, the control, then a hint or the error
 * for this field. The error is tied to the control (aria-invalid, aria-describedby) so screen
 * readers announce it with the field.
 */
const control =
  "mt-1 w-full rounded-xl border bg-surface px-3 text-fg placeholder:text-fg-muted/70 focus:border-brand " +
  "focus:outline-none aria-[invalid=true]:border-danger disabled:opacity-60";

interface FieldChrome {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  /** Shown after the label, e.g. "(optional)". */
  aside?: ReactNode;
}

export function TextField({
  label,
  error,
  hint,
  aside,
  className,
  ...input
}: FieldChrome & InputHTMLAttributes<HTMLInputElement> & { name: string }) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label} {aside ? <span className="font-normal text-fg-muted">{aside}</span> : null}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`${control} h-11 border-border`}
        {...input}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  aside,
  className,
  ...input
}: FieldChrome & TextareaHTMLAttributes<HTMLTextAreaElement> & { name: string }) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label} {aside ? <span className="font-normal text-fg-muted">{aside}</span> : null}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`${control} min-h-28 border-border py-2`}
        {...input}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** A choice from a list; `options` are the choices after an empty "placeholder" option. */
export const SelectField = forwardRef<
  HTMLSelectElement,
  FieldChrome &
    SelectHTMLAttributes<HTMLSelectElement> & {
      name: string;
      placeholder: string;
      options: readonly { id: string; label: string }[];
    }
>(function SelectField({ label, error, hint, aside, className, placeholder, options, ...select }, ref) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label} {aside ? <span className="font-normal text-fg-muted">{aside}</span> : null}
      </label>
      <select
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`${control} h-11 border-border`}
        {...select}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
});

export function CheckboxField({
  label,
  error,
  hint,
  className,
  ...input
}: FieldChrome & InputHTMLAttributes<HTMLInputElement> & { name: string }) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="mt-0.5 size-5 shrink-0 accent-[var(--brand-strong)]"
          {...input}
        />
        <label htmlFor={id} className="text-sm">
          {label}
        </label>
      </div>
      <div className="pl-8">
        <FieldNotes id={id} hint={hint} error={error} />
      </div>
    </div>
  );
}

function FieldNotes({ id, hint, error }: { id: string; hint?: ReactNode; error?: string | null }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-fg-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** The form-level message: an error (role=alert) or a success note (role=status). */
export function FormMessage({
  tone = "error",
  id,
  className = "",
  children,
}: {
  tone?: "error" | "success" | "info";
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  if (!children) return null;
  const styles = {
    error: "bg-danger-soft text-danger",
    success: "bg-surface-2 text-success",
    info: "bg-brand-soft text-fg",
  }[tone];
  return (
    <div
      id={id}
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-xl px-3 py-2 text-sm ${styles} ${className}`}
    >
      {children}
    </div>
  );
}

/** Above a form whose fields were refused: how many highlighted fields to look at (nothing when none). */
export function FieldErrorCount({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <FormMessage>
      {count === 1 ? "Please check the highlighted field." : `Please check the ${count} highlighted fields.`}
    </FormMessage>
  );
}
