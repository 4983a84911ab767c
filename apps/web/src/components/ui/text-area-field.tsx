import type { ReactNode, TextareaHTMLAttributes } from "react";
import { FieldFrame } from "./field-frame";
import { inputClasses } from "./text-field";

export interface TextAreaFieldProps
  extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> {
  label: string;
  error?: string | null | undefined;
  /** Shown between the label and the text area, so it is read before typing. */
  hint?: ReactNode;
  /** Shown at the right under the field (e.g. a character counter). */
  aside?: ReactNode;
}

/** A labelled <textarea> styled like TextField, on the same frame (hint, error, aria). */
export function TextAreaField({
  label,
  error,
  hint,
  aside,
  className = "",
  ...props
}: TextAreaFieldProps) {
  return (
    <FieldFrame
      label={label}
      hint={hint}
      hintPlacement="above"
      error={error}
      aside={aside}
      className={className}
    >
      {(control) => (
        <textarea {...control} className={`${inputClasses} min-h-32 resize-y py-3`} {...props} />
      )}
    </FieldFrame>
  );
}
