import { useTranslation } from "react-i18next";
import { CloseButton } from "../../../components/ui/close-button";
import { Glyph } from "../../../components/ui/glyph";

/** Where the verification banner was: the e-mail is now verified, mining is open. */
export function VerifiedNotice({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <section data-testid="verified-notice" className="mx-auto mt-3 w-full max-w-3xl px-4">
      <div
        role="status"
        className="flex items-center gap-3 rounded-2xl border border-emerald-400/50 bg-emerald-500/10 px-4 py-3"
      >
        <Glyph name="checkCircle" className="size-5 shrink-0 text-emerald-300" />
        <p className="min-w-0 flex-1 text-sm font-semibold text-emerald-100">
          {t("verify.verified")}
        </p>
        <CloseButton label={t("verify.verifiedClose")} onClick={onClose} />
      </div>
    </section>
  );
}
