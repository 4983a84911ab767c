import { useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import {
  canPromptInstall,
  isIos,
  isStandalone,
  promptInstall,
  subscribeInstall,
  wasInstalled,
} from "../install-prompt";

/** Install button where the browser offers it; "Add to Home Screen" steps on iOS Safari. */
export function InstallApp() {
  const { t } = useTranslation("pwa");
  const canPrompt = useSyncExternalStore(subscribeInstall, canPromptInstall, () => false);
  const installed = useSyncExternalStore(subscribeInstall, wasInstalled, () => false);
  const [standalone] = useState(isStandalone);
  const [ios] = useState(isIos);

  return (
    <div data-testid="install-app">
      <h2 id="install-title" className="text-lg font-semibold text-white">
        {t("install.title")}
      </h2>
      {standalone || installed ? (
        <Alert tone="success" className="mt-3">
          {t("install.installed")}
        </Alert>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted">{t("install.intro")}</p>
          {canPrompt ? (
            <Button
              className="mt-3 w-full sm:w-auto"
              data-testid="install-button"
              onClick={() => void promptInstall()}
            >
              {t("install.button")}
            </Button>
          ) : ios ? (
            <div className="mt-3" data-testid="ios-install-steps">
              <h3 className="font-semibold text-slate-100">{t("install.iosTitle")}</h3>
              <ol className="mt-2 list-decimal space-y-1 ps-5 text-sm text-slate-200">
                <li>{t("install.iosStep1")}</li>
                <li>{t("install.iosStep2")}</li>
                <li>{t("install.iosStep3")}</li>
              </ol>
            </div>
          ) : (
            <p className="mt-2 text-sm text-muted">{t("install.unavailable")}</p>
          )}
        </>
      )}
    </div>
  );
}
