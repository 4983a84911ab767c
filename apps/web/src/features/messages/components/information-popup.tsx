import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { ButtonLink } from "../../../components/ui/button";
import { CloseButton } from "../../../components/ui/close-button";
import { Glyph } from "../../../components/ui/glyph";
import { readStored, writeStored } from "../../../lib/storage";
import { useInformationUnread } from "../hooks";
import { popupKey, shouldShowInformationPopup } from "../message-state";

const DISMISSED_KEY = "fre.informationPopupDismissed";

/**
 * The unread-messages pop-up (spec §2), on every signed-in page except /information, until
 * closed. It opens in the page's flow, never over it, so it cannot hide a button: the layout
 * puts it above each page's content, the dashboard below its mining panel (see decision 0016).
 */
export function InformationPopup({ className = "" }: { className?: string }) {
  const { t } = useTranslation("messages");
  const { pathname } = useLocation();
  const { data } = useInformationUnread();
  const [dismissed, setDismissed] = useState(() => readStored(DISMISSED_KEY));
  const titleId = useId();
  if (!data || !shouldShowInformationPopup(data, dismissed, pathname)) return null;

  const close = () => {
    const key = popupKey(data.latest);
    writeStored(DISMISSED_KEY, key);
    setDismissed(key);
  };

  return (
    <section
      aria-labelledby={titleId}
      data-testid="information-popup"
      data-count={data.unreadCount}
      className={`animate-toast rounded-2xl border border-sky-400/40 bg-night-800 p-4 shadow-lg shadow-black/30 ${className}`}
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="grid size-9 shrink-0 place-items-center rounded-full bg-sky-400/15 text-sky-200"
        >
          <Glyph name="bell" />
        </span>
        <div className="min-w-0 flex-1">
          <p id={titleId} className="font-semibold text-white">
            {t("information.popup.title")}
          </p>
          <p className="text-sm text-slate-300">
            {t("information.popup.count", { unread: data.unreadCount })}
          </p>
          {data.latest ? (
            <p className="truncate text-sm text-slate-300">
              {t("information.popup.latest", { title: data.latest.title })}
            </p>
          ) : null}
        </div>
        <CloseButton label={t("information.popup.close")} onClick={close} />
      </div>
      <ButtonLink to="/information" size="sm" variant="secondary" className="mt-3 w-full">
        {t("information.popup.open")}
      </ButtonLink>
    </section>
  );
}
