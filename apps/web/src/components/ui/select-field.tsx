import type { ReactNode, SelectHTMLAttributes } from "react";
import { FieldFrame } from "./field-frame";
import { inputClasses } from "./text-field";

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> {
  label: string;
  error?: string | null | undefined;
  hint?: ReactNode;
  /** Classes of the frame (its place in a grid), not of the select. */
  className?: string;
  /** The options (a ChoiceOptions). */
  children: ReactNode;
}

/** A labelled <select> styled like TextField, on the same frame (hint, error, aria). */
export function SelectField({
  label,
  error,
  hint,
  className = "",
  children,
  ...props
}: SelectFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <select {...control} className={inputClasses} {...props}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}
