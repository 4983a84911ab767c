import { type InputHTMLAttributes, type ReactNode, useId } from "react";

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
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-200">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={`${inputClasses} ${trailing ? "pr-14" : ""}`}
          {...props}
        />
        {trailing ? (
          <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div>
        ) : null}
      </div>
      {hint ? (
        <div id={hintId} className="text-sm text-muted">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-rose-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
