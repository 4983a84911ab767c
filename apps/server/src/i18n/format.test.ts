import { describe, expect, it } from "vitest";
import {
  errorMessage,
  formatFre,
  formatMessage,
  mailText,
  notificationText,
  shopItemName,
} from "./index.ts";

// Intl uses narrow no-break spaces as French group separators.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

describe("formatFre (the web's rule for FRE amounts)", () => {
  it("shows an amount credited or spent with the balance's four digits, rounded half-up", () => {
    expect(formatFre("fr", "18.555710858", "balance")).toBe("18,5557");
    expect(formatFre("en", "18.555750000", "balance")).toBe("18.5558");
    expect(formatFre("fr", "0.074999", "balance")).toBe("0,0750");
    expect(formatFre("fr", "30", "balance")).toBe("30,0000");
    expect(plain(formatFre("fr", "1234.5", "balance"))).toBe("1 234,5000");
    expect(formatFre("es", "1234.5", "balance")).toBe("1234,5000");
    expect(formatFre("es", "12345.5", "balance")).toBe("12.345,5000");
    expect(plain(formatFre("ru", "1234.5", "balance"))).toBe("1 234,5000");
    expect(formatFre("zh", "1234.5", "balance")).toBe("1,234.5000");
    expect(formatFre("en", "0.999999999", "balance")).toBe("1.0000");
    expect(formatFre("en", "-0.00001", "balance")).toBe("0.0000");
  });

  it("shows a rate with two to six digits and a rule with its own digits", () => {
    expect(formatFre("fr", "0.025000000", "rate")).toBe("0,025");
    expect(formatFre("fr", "0.400000000", "rate")).toBe("0,40");
    expect(formatFre("fr", "0.001041667", "rate")).toBe("0,001042");
    expect(formatFre("fr", "2.500000000", "exact")).toBe("2,5");
    expect(formatFre("en", "98765432109876.000000001", "exact")).toBe(
      "98,765,432,109,876.000000001",
    );
    expect(formatFre("fr", "30", "exact")).toBe("30");
  });

  it("leaves a text that is no amount as it is", () => {
    expect(formatFre("fr", "18,5557", "balance")).toBe("18,5557");
    expect(formatFre("fr", "1e3", "balance")).toBe("1e3");
  });
});

describe("values words", () => {
  it("a claim's notification reads the amount as the balance does", () => {
    expect(notificationText("fr", "mining_session_claim", { amount: "18.555710858" })).toEqual({
      title: "Gains réclamés",
      message: "Vous avez réclamé 18,5557 FRE.",
    });
    expect(notificationText("en", "withdrawal_complete", { amount: "30.000000000" }).message).toBe(
      "Your withdrawal of 30.0000 FRE has been sent.",
    );
  });

  it("a purchase names the item as the shop does, never by its id", () => {
    const fr = notificationText("fr", "purchase_confirmation", { item: "BOX7" }).message;
    expect(fr).toBe("Votre achat «\u00a0Boîte de 7 jours\u00a0» est confirmé.");
    expect(notificationText("en", "purchase_confirmation", { item: "FRE1" }).message).toBe(
      "Your purchase “Pack FRE1” is confirmed.",
    );
    expect(shopItemName("zh", "BOX30")).toBe("30 天加速盒");
    expect(shopItemName("fr", "GIFT9")).toBe("Article de la boutique");
    const mail = mailText("fr", "purchaseIntro", { item: "BOX15", bonus: "0.600000000" });
    expect(mail).toBe(
      "Votre paiement pour «\u00a0Boîte de 15 jours\u00a0» est bien arrivé : votre vitesse de minage gagne +0,60 FRE/h.",
    );
  });

  it("an error quotes a FRE rule with the language's digits", () => {
    expect(errorMessage("fr", "BET_TOO_SMALL", { min: "0.5" })).toBe(
      "Mise trop faible : le minimum est de 0,5 FRE.",
    );
    expect(errorMessage("fr", "AMOUNT_BELOW_MINIMUM", { minimum: "30" })).toBe(
      "Le montant minimum de retrait est de 30 FRE.",
    );
  });
});

describe("formatMessage", () => {
  const apples = "{n, plural, =0 {no apple} one {# apple} other {# apples}} for {{who}}";

  it("picks the plural branch by the language's rules, exact matches first", () => {
    expect(formatMessage("en", apples, { n: 0, who: "Ann" })).toBe("no apple for Ann");
    expect(formatMessage("en", apples, { n: 1, who: "Ann" })).toBe("1 apple for Ann");
    expect(formatMessage("en", apples, { n: 1234, who: "Ann" })).toBe("1,234 apples for Ann");
    // French puts 0 in "one"; a category without a branch falls back to "other".
    const fr = "{n, plural, one {# pomme} other {# pommes}}";
    expect(formatMessage("fr", fr, { n: 0 })).toBe("0 pomme");
    expect(formatMessage("fr", fr, { n: 1000000 })).toMatch(/^1\s000\s000 pommes$/);
  });

  it("selects by value and nests blocks, # being the nearest plural's number", () => {
    const text = "{kind, select, cat {{n, plural, one {# chat} other {# chats}}} other {?}}";
    expect(formatMessage("fr", text, { kind: "cat", n: 2 })).toBe("2 chats");
    expect(formatMessage("fr", text, { kind: "dog", n: 2 })).toBe("?");
  });

  it("leaves unknown values and malformed blocks as they are", () => {
    expect(formatMessage("en", "{{who}} {n, plural, other {#}}", {})).toBe(
      "{{who}} {n, plural, other {#}}",
    );
    expect(formatMessage("en", "{n, plural, one {x}", { n: 1 })).toBe("{n, plural, one {x}");
    expect(formatMessage("en", "a {b} # c", { b: 1 })).toBe("a {b} # c");
  });

  it("keeps the plain {{name}} interpolation of the other texts", () => {
    expect(errorMessage("en", "VERIFICATION_COOLDOWN", { seconds: 42 })).toBe(
      "An e-mail was just sent. Try again in 42 seconds.",
    );
    expect(mailText("fr", "greeting", { nickname: "Ann" })).toBe("Bonjour Ann,");
  });
});

describe("TOO_MANY_ATTEMPTS", () => {
  const wait = (seconds: number) => ({
    unit: seconds < 60 ? "second" : "minute",
    seconds,
    minutes: Math.ceil(seconds / 60),
  });
  const message = (language: "fr" | "en" | "es" | "ru" | "zh", seconds: number) =>
    errorMessage(language, "TOO_MANY_ATTEMPTS", wait(seconds));

  it("says minutes with the right plural in French and English", () => {
    expect(message("fr", 60)).toBe("Trop de tentatives de connexion. Réessayez dans 1 minute.");
    expect(message("fr", 120)).toBe("Trop de tentatives de connexion. Réessayez dans 2 minutes.");
    expect(message("fr", 900)).toBe("Trop de tentatives de connexion. Réessayez dans 15 minutes.");
    expect(message("en", 60)).toBe("Too many sign-in attempts. Try again in 1 minute.");
    expect(message("en", 61)).toBe("Too many sign-in attempts. Try again in 2 minutes.");
  });

  it("uses Russian one / few / many forms", () => {
    expect(message("ru", 60)).toBe("Слишком много попыток входа. Повторите через 1 минуту.");
    expect(message("ru", 120)).toBe("Слишком много попыток входа. Повторите через 2 минуты.");
    expect(message("ru", 300)).toBe("Слишком много попыток входа. Повторите через 5 минут.");
    expect(message("ru", 21 * 60)).toMatch(/через 21 минуту\.$/);
    expect(message("ru", 1)).toMatch(/через 1 секунду\.$/);
    expect(message("ru", 3)).toMatch(/через 3 секунды\.$/);
    expect(message("ru", 11)).toMatch(/через 11 секунд\.$/);
  });

  it("says seconds under a minute, in every language", () => {
    expect(message("fr", 1)).toMatch(/Réessayez dans 1 seconde\.$/);
    expect(message("fr", 30)).toMatch(/Réessayez dans 30 secondes\.$/);
    expect(message("en", 1)).toMatch(/Try again in 1 second\.$/);
    expect(message("es", 2)).toMatch(/en 2 segundos\.$/);
    expect(message("es", 60)).toMatch(/en 1 minuto\.$/);
    expect(message("zh", 30)).toBe("登录尝试次数过多，请在 30 秒后重试。");
    expect(message("zh", 900)).toBe("登录尝试次数过多，请在 15 分钟后重试。");
  });
});
