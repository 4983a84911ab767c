import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";

/** What the sign-in failed with: the server's `{error, message}` (message in the user's language). */
export interface SignInFailure {
  code?: string;
  message: string;
}

/** An e-mail address inside a sentence (ASCII, as LEGAL_CONTACT_EMAIL is), without its punctuation. */
const ADDRESS = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;

/**
 * The sign-in's refusal. A suspended account (403 ACCOUNT_SUSPENDED) hears from the server where
 * to write to support — the operator's address, LEGAL_CONTACT_EMAIL (decision 0063) — and that
 * address becomes a mailto link, its subject naming the account, so that the user can write
 * without signing in. Any other failure is the server's sentence as it is.
 */
export function SignInError({
  failure,
  accountEmail,
}: {
  failure: SignInFailure;
  /** The address typed in the form: the account support will look up. */
  accountEmail: string;
}) {
  const { t } = useTranslation("auth");
  const address = failure.code === "ACCOUNT_SUSPENDED" ? ADDRESS.exec(failure.message) : null;
  if (!address) return <Alert tone="error">{failure.message}</Alert>;
  const subject = t("login.suspended.subject", { email: accountEmail });
  const before = failure.message.slice(0, address.index);
  const after = failure.message.slice(address.index + address[0].length);
  return (
    <Alert tone="error">
      <p data-testid="suspended-support">
        {before}
        <a
          href={`mailto:${address[0]}?subject=${encodeURIComponent(subject)}`}
          className="font-semibold text-rose-50 underline underline-offset-4 break-all"
        >
          {address[0]}
        </a>
        {after}
      </p>
    </Alert>
  );
}
