import { type ReactNode, useId } from "react";

/** What the framed control must carry so its label, hint and error reach assistive tech. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

export interface FieldFrameProps {
  label: string;
  hint?: ReactNode;
  error?: string | null | undefined;
  /** "above": between the label and the control (read before typing a long text). */
  hintPlacement?: "above" | "below";
  /** Shown at the right under the control, beside the error (e.g. a character counter). */
  aside?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** Label, hint and error of one form control, with the ids and aria wiring between them. */
export function FieldFrame({
  label,
  hint,
  error,
  hintPlacement = "below",
  aside,
  className = "",
  children,
}: FieldFrameProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
  const hintBlock = hint ? (
    <div id={hintId} className="text-sm text-muted">
      {hint}
    </div>
  ) : null;
  const errorBlock = error ? (
    <p id={errorId} className="text-sm font-medium text-rose-300">
      {error}
    </p>
  ) : null;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-200">
        {label}
      </label>
      {hintPlacement === "above" ? hintBlock : null}
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy || undefined,
      })}
      {hintPlacement === "below" ? hintBlock : null}
      {aside ? (
        <div className="flex items-start justify-between gap-3">
          {errorBlock ?? <span />}
          <div className="shrink-0 text-xs text-muted">{aside}</div>
        </div>
      ) : (
        errorBlock
      )}
    </div>
  );
}
