import type { SupportMessage } from "@fre/shared";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../lib/format";
import { useLanguage } from "../../../lib/use-language";

/** A ticket's messages, oldest first; the team's answers stand out. */
export function TicketMessages({
  messages,
  authorLabel,
}: {
  messages: SupportMessage[];
  authorLabel: (author: SupportMessage["author"]) => string;
}) {
  const { t } = useTranslation("help");
  const { language } = useLanguage();
  return (
    <ol aria-label={t("support.thread.messagesLabel")} className="grid gap-3">
      {messages.map((message) => {
        const team = message.author === "admin";
        return (
          <li
            key={message.id}
            data-author={message.author}
            className={`grid gap-1 rounded-2xl border p-3 ${
              team
                ? "mr-6 border-amber-300/40 bg-amber-400/[0.07]"
                : "ml-6 border-night-700 bg-night-850"
            }`}
          >
            <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-xs">
              <span className={`font-bold ${team ? "text-amber-200" : "text-slate-200"}`}>
                {authorLabel(message.author)}
              </span>
              <time dateTime={message.createdAt} className="text-muted">
                {formatDateTime(message.createdAt, language)}
              </time>
            </p>
            <p className="whitespace-pre-line break-words text-sm leading-relaxed text-slate-100">
              {message.body}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
