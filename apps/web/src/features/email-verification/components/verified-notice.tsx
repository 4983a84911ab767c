import { useTranslation } from "react-i18next";
import { CloseButton } from "../../../components/ui/close-button";

/** Where the verification banner was: the e-mail is now verified, mining is open. */
export function VerifiedNotice({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <section data-testid="verified-notice" className="mx-auto mt-3 w-full max-w-3xl px-4">
      <div
        role="status"
        className="flex items-center gap-3 rounded-2xl border border-emerald-400/50 bg-emerald-500/10 px-4 py-3"
      >
        <svg
          viewBox="0 0 24 24"
          aria-hidden="true"
          className="size-5 shrink-0 text-emerald-300"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="m8 12.5 2.7 2.7L16 9.8" />
        </svg>
        <p className="min-w-0 flex-1 text-sm font-semibold text-emerald-100">
          {t("verify.verified")}
        </p>
        <CloseButton label={t("verify.verifiedClose")} onClick={onClose} />
      </div>
    </section>
  );
}
