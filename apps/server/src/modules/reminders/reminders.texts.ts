import type { Language } from "@fre/shared";
import {
  formatMessage,
  isLanguage,
  type NotificationTextKey,
  notificationText,
} from "../../i18n/index.ts";
import type { ReminderType } from "./reminder-types.ts";

/**
 * What the bot writes, in the user's language of the moment. The four reminders that follow a
 * notice reuse that notice's words (the server catalogs: one text per fact); the streak warning
 * and the button are the bot's own, here in the five languages.
 */
const OWN: Record<Language, { streakTitle: string; streak: string; button: string }> = {
  fr: {
    streakTitle: "Ta série est en jeu",
    streak:
      "Ta série de {{streak}} jours s'arrête à minuit si tu ne récupères pas ta récompense du jour.",
    button: "Ouvrir FRE",
  },
  en: {
    streakTitle: "Your streak is at stake",
    streak: "Your {{streak}}-day streak ends at midnight unless you claim today's reward.",
    button: "Open FRE",
  },
  es: {
    streakTitle: "Tu racha está en juego",
    streak: "Tu racha de {{streak}} días termina a medianoche si no reclamas la recompensa de hoy.",
    button: "Abrir FRE",
  },
  ru: {
    streakTitle: "Серия под угрозой",
    streak: "Ваша серия из {{streak}} дн. прервётся в полночь, если не забрать награду за сегодня.",
    button: "Открыть FRE",
  },
  zh: {
    streakTitle: "连续签到即将中断",
    streak: "如果今天不领取奖励，你连续 {{streak}} 天的签到将在午夜中断。",
    button: "打开 FRE",
  },
};

/** The notice each reminder type follows (the streak warning has none). */
const NOTICE_TEXT: Record<Exclude<ReminderType, "streak">, NotificationTextKey> = {
  session_ended: "mining_session_end",
  withdrawal_paid: "withdrawal_complete",
  support_answered: "support_answer",
  league_result: "league_result",
};

export function reminderText(
  language: string,
  type: ReminderType,
  params: Record<string, string | number>,
): { text: string; button: string } {
  const lang: Language = isLanguage(language) ? language : "fr";
  const own = OWN[lang];
  if (type === "streak") {
    return {
      text: `${own.streakTitle}\n${formatMessage(lang, own.streak, params)}`,
      button: own.button,
    };
  }
  const { title, message } = notificationText(lang, NOTICE_TEXT[type], params);
  return { text: `${title}\n${message}`, button: own.button };
}
