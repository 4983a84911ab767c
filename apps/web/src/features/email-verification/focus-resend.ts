/** Brings the verification banner's resend button into view and focus (from other screens). */
export function focusVerificationResend(): void {
  const button = document.querySelector<HTMLButtonElement>('[data-testid="verify-resend"]');
  if (!button) return;
  const smooth = !window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  button.scrollIntoView({ block: "center", behavior: smooth ? "smooth" : "auto" });
  button.focus({ preventScroll: true });
}
