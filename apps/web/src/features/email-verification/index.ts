export { VerifyBanner } from "./components/verify-banner";
export { focusVerificationResend } from "./focus-resend";
