import { type ReactNode, type TextareaHTMLAttributes, useId } from "react";
import { inputClasses } from "../../../components/ui/text-field";

export interface TextAreaFieldProps
  extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> {
  label: string;
  error?: string | null | undefined;
  hint?: ReactNode;
  /** Shown at the right under the field (e.g. a character counter). */
  aside?: ReactNode;
}

/** A labelled <textarea> styled like TextField, with hint and error wired to aria. */
export function TextAreaField({
  label,
  error,
  hint,
  aside,
  className = "",
  ...props
}: TextAreaFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-200">
        {label}
      </label>
      {hint ? (
        <div id={hintId} className="text-sm text-muted">
          {hint}
        </div>
      ) : null}
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`${inputClasses} min-h-32 resize-y py-3`}
        {...props}
      />
      {error || aside ? (
        <div className="flex items-start justify-between gap-3">
          {error ? (
            <p id={errorId} className="text-sm font-medium text-rose-300">
              {error}
            </p>
          ) : (
            <span />
          )}
          {aside ? <div className="shrink-0 text-xs text-muted">{aside}</div> : null}
        </div>
      ) : null}
    </div>
  );
}
