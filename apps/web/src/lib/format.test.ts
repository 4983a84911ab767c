import { createInstance } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import enApp from "../locales/en/app.json";
import enContest from "../locales/en/contest.json";
import esApp from "../locales/es/app.json";
import frApp from "../locales/fr/app.json";
import frContest from "../locales/fr/contest.json";
import ruApp from "../locales/ru/app.json";
import ruContest from "../locales/ru/contest.json";
import zhApp from "../locales/zh/app.json";
import {
  formatDate,
  formatDateTime,
  formatDecimal,
  formatDuration,
  formatKilobytes,
  formatMultiplier,
  formatTime,
  hoursAndMinutes,
  relativeTimeFormat,
  setDisplayTimeZone,
} from "./format";

const i18n = createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: "fr",
    fallbackLng: false,
    ns: ["app", "contest"],
    defaultNS: "app",
    interpolation: { escapeValue: false },
    resources: {
      fr: { app: frApp, contest: frContest },
      en: { app: enApp, contest: enContest },
      es: { app: esApp },
      ru: { app: ruApp, contest: ruContest },
      zh: { app: zhApp },
    },
  });
});

const tIn = (language: string) => i18n.getFixedT(language, "app");
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe("hoursAndMinutes", () => {
  it("rounds a partial minute up and never goes below zero", () => {
    expect(hoursAndMinutes(0)).toEqual({ hours: 0, minutes: 0 });
    expect(hoursAndMinutes(1)).toEqual({ hours: 0, minutes: 1 });
    expect(hoursAndMinutes(59 * MINUTE + 1)).toEqual({ hours: 1, minutes: 0 });
    expect(hoursAndMinutes(23 * HOUR + 54 * MINUTE)).toEqual({ hours: 23, minutes: 54 });
    expect(hoursAndMinutes(-5)).toEqual({ hours: 0, minutes: 0 });
  });
});

describe("formatDuration", () => {
  it("says hours and minutes with the French plural (1 heure, 6 minutes)", () => {
    const t = tIn("fr");
    expect(formatDuration(MINUTE, t)).toBe("1 minute");
    expect(formatDuration(6 * MINUTE, t)).toBe("6 minutes");
    expect(formatDuration(HOUR, t)).toBe("1 heure");
    expect(formatDuration(HOUR + MINUTE, t)).toBe("1 heure et 1 minute");
    expect(formatDuration(23 * HOUR + 54 * MINUTE, t)).toBe("23 heures et 54 minutes");
  });

  it("rounds up to whole hours when coarse", () => {
    const t = tIn("fr");
    expect(formatDuration(5 * HOUR + 10 * MINUTE, t, { coarse: true })).toBe("6 heures");
    expect(formatDuration(HOUR, t, { coarse: true })).toBe("1 heure");
    expect(formatDuration(42 * MINUTE, t, { coarse: true })).toBe("42 minutes");
  });

  it("follows each language's plural rules", () => {
    expect(formatDuration(HOUR + MINUTE, tIn("en"))).toBe("1 hour 1 minute");
    expect(formatDuration(2 * HOUR + 6 * MINUTE, tIn("en"))).toBe("2 hours 6 minutes");
    expect(formatDuration(HOUR + 2 * MINUTE, tIn("es"))).toBe("1 hora y 2 minutos");
    const ru = tIn("ru");
    expect(formatDuration(MINUTE, ru)).toBe("1 минута");
    expect(formatDuration(3 * MINUTE, ru)).toBe("3 минуты");
    expect(formatDuration(5 * MINUTE, ru)).toBe("5 минут");
    expect(formatDuration(21 * MINUTE, ru)).toBe("21 минута");
    expect(formatDuration(22 * HOUR, ru)).toBe("22 часа");
    expect(formatDuration(11 * HOUR, ru)).toBe("11 часов");
    expect(formatDuration(2 * HOUR + 5 * MINUTE, tIn("zh"))).toBe("2 小时 5 分钟");
  });
});

describe("plural texts", () => {
  it("agrees the referral count ('1 actif', '2 actifs', '0 actif')", () => {
    const t = tIn("fr");
    const detail = (count: number) =>
      t("mining.rate.referralsDetail", { count, counted: Math.min(count, 20), max: 20 });
    expect(detail(0)).toBe("0 actif, 0 compté (maximum 20)");
    expect(detail(1)).toBe("1 actif, 1 compté (maximum 20)");
    expect(detail(6)).toBe("6 actifs, 6 comptés (maximum 20)");
    expect(detail(1_000_000)).toBe("1000000 actifs, 20 comptés (maximum 20)");
    expect(tIn("ru")("mining.rate.referralsDetail", { count: 5, counted: 5, max: 20 })).toMatch(
      /^5 активных/,
    );
  });

  it("counts the contest's seconds", () => {
    expect(i18n.getFixedT("fr", "contest")("countdown", { count: 1 })).toBe(
      "Vous pourrez confirmer dans 1 seconde",
    );
    expect(i18n.getFixedT("fr", "contest")("countdown", { count: 6 })).toBe(
      "Vous pourrez confirmer dans 6 secondes",
    );
    expect(i18n.getFixedT("en", "contest")("countdown", { count: 1 })).toBe(
      "You can confirm in 1 second",
    );
    expect(i18n.getFixedT("ru", "contest")("countdown", { count: 2 })).toBe(
      "Подтвердить можно через 2 секунды",
    );
  });
});

describe("Intl formatters", () => {
  const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

  it("writes decimals with the locale's separator and the digits asked for", () => {
    expect(formatDecimal(1.32, "fr", { min: 2, max: 4 })).toBe("1,32");
    expect(formatDecimal(1.23456, "en", { min: 2, max: 4 })).toBe("1.2346");
    expect(formatDecimal(98.98, "es", { min: 2, max: 2 })).toBe("98,98");
    // Each digit setting has its own formatter.
    expect(formatDecimal(1.5, "fr", { min: 0, max: 0 })).toBe("2");
  });

  it("writes a file's size in whole kilobytes, at least one", () => {
    expect(plain(formatKilobytes(840_000, "fr"))).toBe("820 ko");
    expect(formatKilobytes(840_000, "en")).toBe("820 kB");
    expect(formatKilobytes(10, "en")).toBe("1 kB");
  });

  it("writes dates in the display zone, with or without the time", () => {
    setDisplayTimeZone("Asia/Shanghai");
    try {
      expect(formatDate("2026-11-25T20:00:00.000Z", "en")).toBe("Nov 26, 2026");
      expect(plain(formatDateTime("2026-11-25T20:00:00.000Z", "en"))).toBe("Nov 26, 2026, 4:00 AM");
      setDisplayTimeZone("UTC");
      expect(formatDate("2026-11-25T20:00:00.000Z", "en")).toBe("Nov 25, 2026");
      expect(formatDate(Date.parse("2026-11-25T20:00:00.000Z"), "fr")).toBe("25 nov. 2026");
      expect(formatDate("not a date", "fr")).toBe("not a date");
    } finally {
      setDisplayTimeZone(undefined);
    }
  });

  it("gives one relative-time formatter per language", () => {
    expect(relativeTimeFormat("fr")).toBe(relativeTimeFormat("fr"));
    expect(relativeTimeFormat("en").format(-1, "day")).toBe("yesterday");
  });
});

describe("formatMultiplier", () => {
  const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

  it("shows two decimals, rounded half-up on the exact digits", () => {
    expect(formatMultiplier("1.2870", "fr")).toEqual({ text: "1,29", precise: "1,287" });
    expect(formatMultiplier("1.3200", "fr")).toEqual({ text: "1,32", precise: null });
    expect(formatMultiplier("6", "fr")).toEqual({ text: "6,00", precise: null });
    expect(formatMultiplier("0.99", "en")).toEqual({ text: "0.99", precise: null });
    // 1.285 is 1.28499999… as a double: the decimal string keeps the half exact.
    expect(formatMultiplier("1.285", "en")).toEqual({ text: "1.29", precise: "1.285" });
    expect(formatMultiplier("2.2275", "es")).toEqual({ text: "2,23", precise: "2,2275" });
    expect(formatMultiplier("0.9999", "fr")).toEqual({ text: "1,00", precise: "0,9999" });
    expect(formatMultiplier("1.2849", "fr").text).toBe("1,28");
  });

  it("groups large multipliers as the language does", () => {
    expect(plain(formatMultiplier("1234.5", "fr").text)).toBe("1 234,50");
    expect(formatMultiplier("1234.5", "en").text).toBe("1,234.50");
    expect(formatMultiplier("800", "zh").text).toBe("800.00");
  });

  it("leaves what is no multiplier as it is", () => {
    expect(formatMultiplier("jackpot", "fr")).toEqual({ text: "jackpot", precise: null });
  });
});

describe("formatTime", () => {
  it("says the free slot's midnight (UTC) in the user's time, summer and winter", () => {
    setDisplayTimeZone("Europe/Paris");
    try {
      expect(formatTime("2026-01-16T00:00:00.000Z", "fr")).toBe("01:00");
      expect(formatTime("2026-07-16T00:00:00.000Z", "fr")).toBe("02:00");
      expect(formatTime(Date.parse("2026-01-16T00:00:00.000Z"), "en")).toMatch(/^1:00\sAM$/);
      setDisplayTimeZone("America/New_York");
      expect(formatTime("2026-01-16T00:00:00.000Z", "fr")).toBe("19:00");
      expect(formatTime("not a time", "fr")).toBe("not a time");
    } finally {
      setDisplayTimeZone(undefined);
    }
  });
});
