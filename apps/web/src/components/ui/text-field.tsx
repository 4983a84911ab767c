import type { InputHTMLAttributes, ReactNode } from "react";
import { FieldFrame } from "./field-frame";

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Rendered inside the input box, on the right (e.g. a show/hide toggle). */
  trailing?: ReactNode;
}

export const inputClasses =
  "block w-full min-h-12 rounded-xl border border-night-600 bg-night-850 px-4 text-base text-slate-50 placeholder:text-slate-400 transition-colors focus:border-amber-300 focus:outline-none focus-visible:outline-2 focus-visible:outline-amber-300 aria-[invalid=true]:border-rose-400";

export function TextField({
  label,
  error,
  hint,
  trailing,
  className = "",
  ...props
}: TextFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <div className="relative">
          <input {...control} className={`${inputClasses} ${trailing ? "pr-14" : ""}`} {...props} />
          {trailing ? (
            <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div>
          ) : null}
        </div>
      )}
    </FieldFrame>
  );
}
