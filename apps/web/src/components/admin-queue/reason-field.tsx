import { useId, useRef, useState } from "react";
import { inputClasses } from "../ui/text-field";

/**
 * The reason a reviewer gives for a refusal: what was typed, the error once a too short one was
 * sent, and `accepted()` — the trimmed reason, or undefined after showing the error and focusing
 * the field.
 */
export function useReasonField(minLength: number, tooShort: string) {
  const [value, setValue] = useState("");
  const [error, setError] = useState<string>();
  const id = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const accepted = () => {
    if (value.trim().length >= minLength) return value.trim();
    setError(tooShort);
    ref.current?.focus();
    return undefined;
  };
  const change = (next: string) => {
    setValue(next);
    setError(undefined);
  };
  return { id, ref, value, error, change, accepted };
}

/** The reason's label, its text area, then its error (or its hint, when given). */
export function ReasonField({
  field,
  label,
  hint,
  rows,
  maxLength,
  heightClass,
}: {
  field: ReturnType<typeof useReasonField>;
  label: string;
  hint?: string;
  rows: number;
  maxLength: number;
  /** The text area's least height (a Tailwind `min-h-*` class). */
  heightClass: string;
}) {
  const { id, error } = field;
  const hintShown = !error && hint !== undefined;
  return (
    <>
      <label htmlFor={id} className="text-sm font-medium text-slate-200">
        {label}
      </label>
      <textarea
        {...{ id, ref: field.ref, rows, maxLength, value: field.value }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hintShown ? `${id}-hint` : undefined}
        onChange={(event) => field.change(event.target.value)}
        className={`${inputClasses} ${heightClass} py-2 text-sm`}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-rose-300">
          {error}
        </p>
      ) : null}
      {hintShown ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </>
  );
}
