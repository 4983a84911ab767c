import { useEffect, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { Button } from "../../../components/ui/button";
import { readStored, writeStored } from "../../../lib/storage";
import { captureInstallPrompt } from "../install-prompt";
import { currentPushState, enablePush, resyncPush } from "../push";
import {
  applyUpdate,
  checkForUpdate,
  getWaiting,
  registerWhenLoaded,
  subscribeWaiting,
} from "../sw-registration";

const PUSH_BANNER_DISMISSED = "fre.pushBannerDismissed";

/**
 * Mounted by the signed-in layout: registers the service worker once the page has loaded,
 * keeps the install prompt, re-registers this device's push subscription for the current
 * user, offers a waiting new version and, on the dashboard, the push opt-in banner.
 */
export function PwaAgent() {
  useEffect(() => {
    captureInstallPrompt();
    void registerWhenLoaded().then(() => resyncPush().catch(() => undefined));
    const onVisible = () => {
      if (document.visibilityState === "visible") void checkForUpdate();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, []);

  return (
    <>
      <UpdatePrompt />
      <PushBanner />
    </>
  );
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

/** Dashboard only, while push is off and the user has not said "later". Never asks by itself. */
function PushBanner() {
  const { t } = useTranslation("pwa");
  const { pathname } = useLocation();
  const [show, setShow] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (pathname !== "/dashboard" || readStored(PUSH_BANNER_DISMISSED) === "1") {
      setShow(false);
      return;
    }
    let live = true;
    void currentPushState()
      .then((state) => live && setShow(state === "off"))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [pathname]);

  if (!show) return null;

  const dismiss = () => {
    writeStored(PUSH_BANNER_DISMISSED, "1");
    setShow(false);
  };
  const enable = async () => {
    setBusy(true);
    try {
      await enablePush();
    } catch (error) {
      console.warn("Push opt-in failed", error);
    } finally {
      setBusy(false);
      dismiss();
    }
  };

  return (
    <section
      aria-labelledby="push-banner-title"
      data-testid="push-banner"
      className="mx-auto mt-4 w-full max-w-3xl px-4"
    >
      <div className="flex flex-wrap items-center gap-3 rounded-2xl border border-amber-300/30 bg-night-850 p-4">
        <div className="min-w-0 flex-1">
          <h2 id="push-banner-title" className="font-semibold text-white">
            {t("push.bannerTitle")}
          </h2>
          <p className="text-sm text-muted">{t("push.bannerText")}</p>
        </div>
        <div className="flex gap-2">
          <Button size="sm" variant="ghost" data-testid="push-banner-later" onClick={dismiss}>
            {t("push.bannerLater")}
          </Button>
          <Button size="sm" data-testid="push-banner-enable" disabled={busy} onClick={enable}>
            {t("push.enable")}
          </Button>
        </div>
      </div>
    </section>
  );
}
