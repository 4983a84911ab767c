import i18next from "i18next";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { initReactI18next } from "react-i18next";
import frCommon from "../locales/fr/common.json";

// Unit tests render components to HTML in Node (no DOM): React, the French common catalog.
const ready = i18next.use(initReactI18next).init({
  lng: "fr",
  fallbackLng: "fr",
  ns: ["common"],
  defaultNS: "common",
  resources: { fr: { common: frCommon } },
  interpolation: { escapeValue: false },
  showSupportNotice: false,
});

/** The element's HTML, with the French common catalog loaded. */
export async function renderStatic(element: ReactElement): Promise<string> {
  await ready;
  return renderToStaticMarkup(element);
}
