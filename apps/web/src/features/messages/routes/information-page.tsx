import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CloseButton } from "../../../components/ui/close-button";
import { Glyph } from "../../../components/ui/glyph";
import { PageTitle } from "../../../components/ui/page-title";
import { QueryState } from "../../../components/ui/query-state";
import { formatDateTime } from "../../../lib/format";
import { onLiveEvent } from "../../../lib/live-events";
import { useLanguage } from "../../../lib/use-language";
import { useInformationList, useReadInformation } from "../hooks";
import { sortNewestFirst } from "../message-state";

/** The new-message toast stays 10 s (spec §9). */
const TOAST_MS = 10_000;

interface Announce {
  id: string;
  title: string;
}

function parseAnnounce(data: unknown): Announce | null {
  if (!data || typeof data !== "object") return null;
  const { id, title } = data as Partial<Announce>;
  return typeof id === "string" && typeof title === "string" ? { id, title } : null;
}

function NewMessageToast({ toast, onClose }: { toast: Announce | null; onClose: () => void }) {
  const { t } = useTranslation("messages");
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => close.current(), TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-3 top-[4.5rem] z-50 mx-auto max-w-md"
    >
      {toast ? (
        <div
          key={toast.id}
          data-testid="information-toast"
          className="pointer-events-auto flex animate-toast items-center gap-3 rounded-2xl border border-sky-400/40 bg-night-800/95 p-3 shadow-2xl shadow-black/50 backdrop-blur"
        >
          <span
            aria-hidden="true"
            className="grid size-9 shrink-0 place-items-center rounded-full bg-sky-400/15 text-sky-200"
          >
            <Glyph name="bell" />
          </span>
          <p className="min-w-0 flex-1 font-semibold text-white">
            {t("information.toast.title", { title: toast.title })}
          </p>
          <CloseButton label={t("information.toast.dismiss")} onClick={onClose} />
        </div>
      ) : null}
    </div>
  );
}

/** /information: the team's messages, newest first; opening the page reads them all. */
export function InformationPage() {
  const { t } = useTranslation("messages");
  const { t: tc } = useTranslation();
  const { language } = useLanguage();
  const list = useInformationList();
  const read = useReadInformation();
  const markRead = useRef(read.mutate);
  markRead.current = read.mutate;
  const [toast, setToast] = useState<Announce | null>(null);
  const title = tc("pages.information");

  // Each time the list is (re)loaded with something unread, the user has now seen it.
  const unreadCount = list.data?.unreadCount ?? 0;
  const loadedAt = list.dataUpdatedAt;
  useEffect(() => {
    if (loadedAt && unreadCount > 0) markRead.current();
  }, [loadedAt, unreadCount]);

  // A new message while here: a 10 s toast (the list itself is refreshed by the layout).
  useEffect(
    () =>
      onLiveEvent("information", (data) => {
        const announce = parseAnnounce(data);
        if (announce) setToast(announce);
      }),
    [],
  );

  return (
    <div className="grid grid-cols-1 gap-5">
      <div>
        <PageTitle title={title}>{title}</PageTitle>
        <p className="mt-1 text-sm text-muted">{t("information.intro")}</p>
      </div>
      <NewMessageToast toast={toast} onClose={() => setToast(null)} />

      <QueryState
        query={list}
        error={t("information.loadFailed")}
        retry="inline"
        isEmpty={(data) => data.items.length === 0}
        empty={
          <div className="grid justify-items-center gap-2 rounded-2xl border border-dashed border-night-600 px-5 py-10 text-center">
            <span className="grid size-12 place-items-center rounded-full bg-night-800 text-sky-200">
              <Glyph name="bell" className="size-6" />
            </span>
            <p className="font-semibold text-slate-100">{t("information.empty.title")}</p>
            <p className="text-sm text-muted">{t("information.empty.text")}</p>
          </div>
        }
      >
        {(data) => {
          const items = sortNewestFirst(data.items);
          return (
            <ul data-testid="information-list" data-count={items.length} className="grid gap-3">
              {items.map((item) => (
                <li
                  key={item.id}
                  data-unread={item.unread}
                  className={`rounded-2xl border p-4 ${
                    item.unread
                      ? "border-sky-400/50 bg-sky-500/[0.07]"
                      : "border-night-700 bg-night-850"
                  }`}
                >
                  <article>
                    <header className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
                      <h2 className="font-semibold text-white">{item.title}</h2>
                      {item.unread ? (
                        <span className="rounded-full bg-sky-400 px-2 py-0.5 text-xs font-bold text-night-950">
                          {t("information.unread")}
                        </span>
                      ) : null}
                    </header>
                    <p className="mt-0.5 text-xs text-muted">
                      <time dateTime={item.createdAt}>
                        {formatDateTime(item.createdAt, language)}
                      </time>
                    </p>
                    <p className="mt-2 whitespace-pre-line text-sm leading-relaxed text-slate-200">
                      {item.content}
                    </p>
                  </article>
                </li>
              ))}
            </ul>
          );
        }}
      </QueryState>
    </div>
  );
}
