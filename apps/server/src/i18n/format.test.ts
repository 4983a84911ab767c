import { describe, expect, it } from "vitest";
import { errorMessage, formatFreAmount, formatMessage, mailText } from "./index.ts";

describe("formatFreAmount", () => {
  it("formats exactly in each language, without trailing zeros", () => {
    expect(formatFreAmount("fr", "1234.500000000")).toMatch(/^1\s234,5$/);
    expect(formatFreAmount("en", "1234.500000000")).toBe("1,234.5");
    expect(formatFreAmount("en", "0.025000008")).toBe("0.025000008");
    expect(formatFreAmount("fr", "12.000000000")).toBe("12");
    expect(formatFreAmount("en", "98765432109876.000000001")).toBe("98,765,432,109,876.000000001");
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
