/**
 * Build-time render of the landing page (French) into dist/index.html, so the first paint
 * does not wait for the JavaScript; main.tsx hydrates it. public/boot.js hides it where it
 * must not show (other paths, another saved language, a browser that was signed in).
 */
import i18n from "i18next";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { initReactI18next } from "react-i18next";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { Providers } from "./app/providers";
import { routes } from "./app/router";
import frCommon from "./locales/fr/common.json";
import frLanding from "./locales/fr/landing.json";

export async function renderLanding(): Promise<string> {
  await i18n.use(initReactI18next).init({
    lng: "fr",
    fallbackLng: "fr",
    ns: ["common", "landing"],
    defaultNS: "common",
    resources: { fr: { common: frCommon, landing: frLanding } },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error("The landing route answered with a redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <Providers>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  );
}
