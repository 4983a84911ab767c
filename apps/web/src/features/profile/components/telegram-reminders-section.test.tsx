import type { TelegramReminderSettings } from "@fre/shared";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import enPwa from "../../../locales/en/pwa.json";
import frPwa from "../../../locales/fr/pwa.json";
import { loadCatalogs, renderWithQueries } from "../../../test/render-static";
import { telegramRemindersKeys } from "../api/telegram-reminders-api";
import { TelegramRemindersSection } from "./telegram-reminders-section";

const settings = (over: Partial<TelegramReminderSettings> = {}): TelegramReminderSettings => ({
  linked: true,
  blocked: false,
  types: {
    session_ended: true,
    streak: false,
    withdrawal_paid: true,
    support_answered: true,
    league_result: true,
  },
  ...over,
});

const render = (data: TelegramReminderSettings) =>
  renderWithQueries(<TelegramRemindersSection />, {
    seed: (client) => client.setQueryData(telegramRemindersKeys.all, data),
  });

const text = (html: string) => html.replace(/<[^>]+>/g, "|").replace(/\|+/g, "|");

loadCatalogs({ pwa: frPwa });
loadCatalogs({ pwa: enPwa }, "en");

describe("TelegramRemindersSection", () => {
  it("shows one switch per reminder type, as saved, and the rules", async () => {
    const html = await render(settings());
    const shown = text(html);
    expect(shown).toContain("|Rappels Telegram|");
    for (const label of [
      "Session de minage terminée",
      "Série quotidienne sur le point de s'arrêter",
      "Retrait envoyé",
      "Réponse du support",
      "Résultat de la ligue",
    ]) {
      expect(shown.replaceAll("&#x27;", "'")).toContain(`|${label}|`);
    }
    expect(html).toMatch(/data-testid="telegram-reminder-session_ended" checked=""/);
    expect(html).not.toMatch(/data-testid="telegram-reminder-streak" checked=""/);
    expect(shown).toContain("Jamais entre 22 h et 8 h");
    expect(shown).not.toContain("pas lié à Telegram");
  });

  it("says when the account is not linked, or blocked the bot", async () => {
    expect(text(await render(settings({ linked: false })))).toContain("pas lié à Telegram");
    const blocked = await render(settings({ blocked: true }));
    expect(blocked).toContain('data-testid="telegram-reminders-blocked"');
    expect(text(blocked)).toContain("Vous avez bloqué le bot FRE");
  });

  it("speaks the reader's language", async () => {
    await i18next.changeLanguage("en");
    try {
      const shown = text(await render(settings()));
      expect(shown).toContain("|Telegram reminders|");
      expect(shown).toContain("|Daily streak about to break|");
    } finally {
      await i18next.changeLanguage("fr");
    }
  });
});
