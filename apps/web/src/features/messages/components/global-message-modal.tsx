import type { GlobalMessage } from "@fre/shared";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Glyph } from "../../../components/ui/glyph";
import { formatDateTime } from "../../../lib/format";
import { useLanguage } from "../../../lib/use-language";
import { useGlobalMessage, useReadGlobalMessage } from "../hooks";
import { messageTone } from "../message-state";

function GlobalMessageDialog({
  message,
  onClose,
}: {
  message: GlobalMessage;
  onClose: () => void;
}) {
  const { t } = useTranslation("messages");
  const { language } = useLanguage();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  const tone = messageTone[message.type] ?? messageTone.info;

  // A native modal dialog: the browser traps focus, makes the page inert and restores focus.
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  return (
    <dialog
      ref={ref}
      data-testid="global-message"
      data-type={message.type}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        // Escape: close through React so the revision is marked read.
        event.preventDefault();
        onClose();
      }}
      className={`m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border-2 bg-night-850 p-0 text-slate-100 shadow-2xl shadow-black/60 backdrop:bg-night-950/80 backdrop:backdrop-blur-sm ${tone.border}`}
    >
      <div className="grid gap-4 p-5">
        <div className="flex items-start gap-3">
          <span
            aria-hidden="true"
            className={`grid size-10 shrink-0 place-items-center rounded-full ${tone.icon}`}
          >
            <Glyph name={message.type === "success" ? "star" : "bell"} />
          </span>
          <div className="min-w-0">
            <p
              className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${tone.badge}`}
            >
              {t(`types.${message.type}`)}
            </p>
            <h2 id={titleId} className="mt-1 text-lg font-bold text-white">
              {message.title}
            </h2>
          </div>
        </div>
        <p
          id={textId}
          className="max-h-[50dvh] overflow-y-auto whitespace-pre-line text-sm leading-relaxed text-slate-200"
        >
          {message.content}
        </p>
        {message.expiresAt ? (
          <p className="text-xs text-muted">
            {t("global.expires", {
              date: formatDateTime(message.expiresAt, language),
            })}
          </p>
        ) : null}
        <Button data-testid="global-message-close" onClick={onClose} autoFocus>
          {t("global.close")}
        </Button>
      </div>
    </dialog>
  );
}

/** The global message (spec §2): a modal until the user closes it (then marked read). */
export function GlobalMessageModal() {
  const { data } = useGlobalMessage();
  const read = useReadGlobalMessage();
  const message = data?.message ?? null;
  if (!message) return null;
  return (
    <GlobalMessageDialog
      key={message.revision}
      message={message}
      onClose={() => read.mutate(message.revision)}
    />
  );
}
