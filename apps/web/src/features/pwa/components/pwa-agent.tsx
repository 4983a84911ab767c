import { useEffect, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import "../install-prompt";
import { resyncPush } from "../push";
import {
  applyUpdate,
  checkForUpdate,
  getWaiting,
  registerWhenLoaded,
  subscribeWaiting,
} from "../sw-registration";

/**
 * Mounted by the signed-in layout: registers the service worker once the page has loaded,
 * keeps the install prompt, re-registers this device's push subscription for the current
 * user and offers a waiting new version. The push opt-in card is the dashboard's to place
 * (PushOptInCard), after the first mining session has started.
 */
export function PwaAgent() {
  useEffect(() => {
    void registerWhenLoaded().then(() => resyncPush().catch(() => undefined));
    const onVisible = () => {
      if (document.visibilityState === "visible") void checkForUpdate();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, []);

  return <UpdatePrompt />;
}

function UpdatePrompt() {
  const { t } = useTranslation("pwa");
  const waiting = useSyncExternalStore(subscribeWaiting, getWaiting, () => null);
  const [later, setLater] = useState(false);
  if (!waiting || later) return null;
  return (
    <div
      role="status"
      data-testid="update-prompt"
      className="fixed inset-x-3 bottom-24 z-40 mx-auto flex max-w-md flex-wrap items-center gap-3 rounded-2xl border border-amber-300/40 bg-night-850 p-4 shadow-xl"
    >
      <p className="min-w-0 flex-1 text-sm text-slate-100">{t("update.available")}</p>
      <div className="flex gap-2">
        <Button size="sm" variant="ghost" onClick={() => setLater(true)}>
          {t("update.later")}
        </Button>
        <Button size="sm" data-testid="update-reload" onClick={applyUpdate}>
          {t("update.reload")}
        </Button>
      </div>
    </div>
  );
}
