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

/** The unread-messages pop-up on every signed-in page except /information (closable). */
export function InformationPopup() {
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
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      data-testid="information-popup"
      data-count={data.unreadCount}
      className="fixed inset-x-3 bottom-24 z-40 mx-auto max-w-md animate-toast rounded-2xl border border-sky-400/40 bg-night-800/95 p-4 shadow-2xl shadow-black/50 backdrop-blur"
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="grid size-9 shrink-0 place-items-center rounded-full bg-sky-400/15 text-sky-200"
        >
          <Glyph name="bell" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="font-semibold text-white">
            {t("information.popup.title")}
          </h2>
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
      <ButtonLink to="/information" size="sm" className="mt-3 w-full">
        {t("information.popup.open")}
      </ButtonLink>
    </section>
  );
}
