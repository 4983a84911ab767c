import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import i18next from "i18next";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { initReactI18next } from "react-i18next";
import { MemoryRouter } from "react-router";
import { beforeAll } from "vitest";
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

/**
 * The element's HTML with the app's providers around it: a fresh query client (its cache filled
 * by `seed` before the render) and a router at `route`.
 */
export function renderWithQueries(
  element: ReactElement,
  { seed, route = "/" }: { seed?: (client: QueryClient) => void; route?: string } = {},
): Promise<string> {
  const client = new QueryClient();
  seed?.(client);
  return renderStatic(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>{element}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/**
 * Adds catalogs to the test's i18next before the file's tests, by namespace (`{ kyc: frKyc }`),
 * in `language` (French unless told).
 */
export function loadCatalogs(catalogs: Record<string, object>, language = "fr") {
  beforeAll(async () => {
    await ready;
    for (const [namespace, catalog] of Object.entries(catalogs)) {
      i18next.addResourceBundle(language, namespace, catalog);
    }
  });
}

/** The markup's text in document order, each tag turned into one `|`. */
export const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, "|")
    .replace(/\|+/g, "|")
    .replaceAll("&#x27;", "'");
