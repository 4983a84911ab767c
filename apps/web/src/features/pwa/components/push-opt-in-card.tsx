import { useEffect, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { ssrState, subscribeNever } from "../../../lib/ssr-state";
import { readStored, writeStored } from "../../../lib/storage";
import { currentPushState, enablePush, pushSupported } from "../push";

const PUSH_BANNER_DISMISSED = "fre.pushBannerDismissed";

/** Push works here and was never asked for: off, known without waiting for the worker. */
const neverAsked = () => pushSupported() && Notification.permission === "default";
/** The offer may show: push never asked for, the offer not dismissed (the server is told). */
export const pushOfferPending = () => readStored(PUSH_BANNER_DISMISSED) !== "1" && neverAsked();
/** A server-drawn dashboard knew it from the view facts (app/view-facts.ts). */
const serverOffer = () => ssrState()?.pushOffer ?? false;

/**
 * "Be told when your session ends": offered while push is off and the user has not said
 * "later". The dashboard shows it once a first session has started (the moment the offer
 * makes sense) and below the mining panel; it never asks the browser by itself.
 */
export function PushOptInCard() {
  const { t } = useTranslation("pwa");
  // Permission not asked yet: push is off, known at once, so the card is there from the
  // first render (shown after an asynchronous check, it pushed the cards below it down).
  const offered = useSyncExternalStore(subscribeNever, pushOfferPending, serverOffer);
  // Once the worker has answered, or the user has: that decides.
  const [decided, setDecided] = useState<boolean>();
  const show = decided ?? offered;
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (readStored(PUSH_BANNER_DISMISSED) === "1") return;
    if (neverAsked()) return;
    let live = true;
    void currentPushState()
      .then((state) => live && setDecided(state === "off"))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  if (!show) return null;

  const dismiss = () => {
    writeStored(PUSH_BANNER_DISMISSED, "1");
    setDecided(false);
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
      className="flex animate-rise flex-wrap items-center gap-3 rounded-2xl border border-amber-300/30 bg-night-850 p-4"
    >
      {/* A 14rem basis: in a long language the buttons go below the text, not beside it. */}
      <div className="min-w-0 flex-[1_1_14rem]">
        <h2 id="push-banner-title" className="font-semibold text-white">
          {t("push.bannerTitle")}
        </h2>
        <p className="text-sm text-muted">{t("push.bannerText")}</p>
      </div>
      <div className="ml-auto flex flex-wrap justify-end gap-2">
        <Button size="sm" variant="ghost" data-testid="push-banner-later" onClick={dismiss}>
          {t("push.bannerLater")}
        </Button>
        <Button size="sm" data-testid="push-banner-enable" disabled={busy} onClick={enable}>
          {t("push.enable")}
        </Button>
      </div>
    </section>
  );
}
