import { useTranslation } from "react-i18next";
import { openConsentDialog } from "../consent-store";

export function PrivacySettingsButton({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      data-testid="privacy-settings"
      onClick={openConsentDialog}
      className={`rounded text-sm text-muted underline-offset-4 hover:text-amber-200 hover:underline ${className}`}
    >
      {t("footer.privacySettings")}
    </button>
  );
}
