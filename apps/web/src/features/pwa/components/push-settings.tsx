import { useTranslation } from "react-i18next";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { usePushState } from "../use-push-state";

/** "Notifications on this device": what is sent, and the switch (permission asked on click). */
export function PushSettings() {
  const { t } = useTranslation("pwa");
  const { state, busy, failed, enable, disable } = usePushState();

  return (
    <div data-testid="push-settings" data-state={state}>
      <h2 id="push-title" className="text-lg font-semibold text-white">
        {t("push.title")}
      </h2>
      <p className="mt-1 text-sm text-muted">{t("push.intro")}</p>
      {state === "denied" ? (
        <Alert tone="info" className="mt-3">
          {t("push.denied")}
        </Alert>
      ) : null}
      {state === "unsupported" ? (
        <Alert tone="info" className="mt-3">
          {t("push.unsupported")}
        </Alert>
      ) : null}
      {state === "ios-install" ? (
        <Alert tone="info" className="mt-3">
          {t("push.iosInstall")}
        </Alert>
      ) : null}
      {state === "on" ? (
        <Alert tone="success" className="mt-3">
          {t("push.on")}
        </Alert>
      ) : null}
      {failed ? (
        <Alert tone="error" className="mt-3">
          {t("push.error")}
        </Alert>
      ) : null}
      {state === "off" ? (
        <Button
          className="mt-3 w-full sm:w-auto"
          data-testid="push-enable"
          disabled={busy !== null}
          onClick={enable}
        >
          {busy === "enable" ? t("push.enabling") : t("push.enable")}
        </Button>
      ) : null}
      {state === "on" ? (
        <Button
          variant="secondary"
          className="mt-3 w-full sm:w-auto"
          data-testid="push-disable"
          disabled={busy !== null}
          onClick={disable}
        >
          {busy === "disable" ? t("push.disabling") : t("push.disable")}
        </Button>
      ) : null}
    </div>
  );
}
