import type { FormEvent, ReactNode, Ref } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";

const linkClass = "font-semibold text-amber-200 underline-offset-4 hover:underline";

/**
 * The form of the sign-in, sign-up and password pages: its fields in one column, then the large
 * submit button, which is disabled and says `submittingLabel` while the request runs.
 */
export function AuthForm({
  onSubmit,
  submitting,
  submitLabel,
  submittingLabel,
  formRef,
  children,
}: {
  onSubmit: (event: FormEvent) => void;
  submitting: boolean;
  submitLabel: string;
  submittingLabel: string;
  formRef?: Ref<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="grid gap-4">
      {children}
      <Button type="submit" size="lg" disabled={submitting}>
        {submitting ? submittingLabel : submitLabel}
      </Button>
    </form>
  );
}

/** The line under an auth form that sends to the other one ("No account yet? Sign up"). */
export function AuthSwitch({
  question,
  to,
  label,
}: {
  question: string;
  to: string;
  label: string;
}) {
  return (
    <p className="mt-6 text-center text-sm text-muted">
      {question}{" "}
      <Link to={to} className={linkClass}>
        {label}
      </Link>
    </p>
  );
}

/** The link back to the sign-in page, under a message that ends an auth page. */
export function BackToLogin({ label }: { label: string }) {
  return (
    <Link to="/login" className={`mt-6 inline-block ${linkClass}`}>
      {label}
    </Link>
  );
}
