import i18next from "i18next";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import enAuth from "../../../locales/en/auth.json";
import esAuth from "../../../locales/es/auth.json";
import frAuth from "../../../locales/fr/auth.json";
import ruAuth from "../../../locales/ru/auth.json";
import zhAuth from "../../../locales/zh/auth.json";
import { renderStatic } from "../../../test/render-static";
import { SignInError } from "./sign-in-error";

const SUPPORT = "support@fre-mining.example";
const ACCOUNT = "noah.p@exemple.fr";

// The server's refusal in each language (apps/server/src/i18n, ACCOUNT_SUSPENDED), address filled.
const REFUSALS = {
  fr: [
    frAuth,
    `Votre compte est suspendu. Si vous pensez qu'il s'agit d'une erreur, écrivez au support à ${SUPPORT} depuis l'adresse de votre compte : pas besoin de vous connecter.`,
    "Compte suspendu : ",
  ],
  en: [
    enAuth,
    `Your account is suspended. If you think this is a mistake, write to support at ${SUPPORT} from your account's address: no need to sign in.`,
    "Suspended account: ",
  ],
  es: [
    esAuth,
    `Tu cuenta está suspendida. Si crees que es un error, escribe al soporte a ${SUPPORT} desde la dirección de tu cuenta: no hace falta iniciar sesión.`,
    "Cuenta suspendida: ",
  ],
  ru: [
    ruAuth,
    `Ваш аккаунт заблокирован. Если считаете это ошибкой, напишите в поддержку на ${SUPPORT} с адреса вашего аккаунта — входить не нужно.`,
    "Заблокированный аккаунт: ",
  ],
  zh: [
    zhAuth,
    `您的账户已被停用。如认为有误，请用您账户的邮箱发送邮件至客服 ${SUPPORT}，无需登录。`,
    "账户已停用：",
  ],
} as const;

const decode = (html: string) =>
  html.replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

beforeAll(async () => {
  await renderStatic(<p />);
  for (const [language, [bundle]] of Object.entries(REFUSALS)) {
    i18next.addResourceBundle(language, "auth", bundle);
  }
});

afterAll(() => i18next.changeLanguage("fr"));

describe("SignInError", () => {
  it.each(Object.entries(REFUSALS))(
    "a suspended account reads in %s where to write, the address a mailto link",
    async (language, [, message, subject]) => {
      await i18next.changeLanguage(language);
      const html = decode(
        await renderStatic(
          <SignInError failure={{ code: "ACCOUNT_SUSPENDED", message }} accountEmail={ACCOUNT} />,
        ),
      );
      expect(html).toContain('role="alert"');
      const href = `mailto:${SUPPORT}?subject=${encodeURIComponent(`${subject}${ACCOUNT}`)}`;
      expect(html).toContain(`<a href="${href}"`);
      expect(html).toContain(`>${SUPPORT}</a>`);
      // The whole sentence reads as the server wrote it, around the link.
      expect(html.replace(/<[^>]+>/g, "")).toBe(message);
    },
  );

  it("leaves every other refusal as the server's sentence, with no link", async () => {
    await i18next.changeLanguage("fr");
    const html = await renderStatic(
      <SignInError
        failure={{ code: "INVALID_CREDENTIALS", message: "E-mail ou mot de passe incorrect." }}
        accountEmail={ACCOUNT}
      />,
    );
    expect(html).toContain("E-mail ou mot de passe incorrect.");
    expect(html).not.toContain("<a ");
    // A suspension's message without an address (an older server) still shows, unlinked.
    const bare = await renderStatic(
      <SignInError
        failure={{ code: "ACCOUNT_SUSPENDED", message: "Votre compte est suspendu." }}
        accountEmail={ACCOUNT}
      />,
    );
    expect(bare).toContain("Votre compte est suspendu.");
    expect(bare).not.toContain("<a ");
  });
});
