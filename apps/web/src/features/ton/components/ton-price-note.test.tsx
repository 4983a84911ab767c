import i18next from "i18next";
import { describe, expect, it } from "vitest";
import enTon from "../../../locales/en/ton.json";
import frTon from "../../../locales/fr/ton.json";
import { loadCatalogs, renderStatic } from "../../../test/render-static";
import type { TonPriceView } from "../ton-price";
import { formatCents, TonFiatEquivalentView, TonPriceNoteView } from "./ton-price-note";

const UPDATED = "2026-11-26T10:00:00.000Z";
const NOW = Date.parse(UPDATED) + 3 * 60_000 + 20_000;
const fresh: TonPriceView = { state: "fresh", usd: "5.4321", eur: "4.98", updatedAt: UPDATED };

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, "|")
    .replace(/\|+/g, "|")
    .replaceAll("&#x27;", "'")
    .replace(/[\u00a0\u202f]/g, " ");

loadCatalogs({ ton: frTon });
loadCatalogs({ ton: enTon }, "en");

describe("TonPriceNoteView", () => {
  it("shows one TON in euros and dollars with the price's age", async () => {
    const shown = text(await renderStatic(<TonPriceNoteView view={fresh} nowMs={NOW} />));
    expect(shown).toContain("|Cours du TON| |1 TON ≈ 4,98 € · 5,43 $|");
    expect(shown).toContain("mis à jour il y a 3 min · source : CoinGecko");
    expect(shown).not.toContain("prix périmé");
  });

  it("says when the price is stale, still with its age", async () => {
    const stale: TonPriceView = { ...fresh, state: "stale" };
    const html = await renderStatic(
      <TonPriceNoteView view={stale} nowMs={Date.parse(UPDATED) + 45 * 60_000} />,
    );
    expect(html).toContain('data-state="stale"');
    expect(text(html)).toContain("|prix périmé|mis à jour il y a 45 min");
  });

  it("says the price is unavailable, with no figure at all", async () => {
    const html = await renderStatic(
      <TonPriceNoteView view={{ state: "unavailable" }} nowMs={NOW} />,
    );
    expect(text(html)).toContain("Cours du TON : prix indisponible");
    expect(html).not.toMatch(/\d,\d\d/);
  });

  it("speaks the user's language", async () => {
    await i18next.changeLanguage("en");
    try {
      const shown = text(await renderStatic(<TonPriceNoteView view={fresh} nowMs={NOW} />));
      expect(shown).toContain("1 TON ≈ €4.98 · $5.43");
      expect(shown).toContain("updated 3 min. ago");
    } finally {
      await i18next.changeLanguage("fr");
    }
  });
});

describe("TonFiatEquivalentView", () => {
  it("shows a TON amount's euro equivalent, exact to the cent", async () => {
    const html = await renderStatic(<TonFiatEquivalentView ton="1.500000000" view={fresh} />);
    expect(text(html)).toBe("|≈ 7,47 €|");
  });

  it("marks a stale equivalent and shows nothing without a price", async () => {
    const stale: TonPriceView = { ...fresh, state: "stale" };
    expect(text(await renderStatic(<TonFiatEquivalentView ton="25" view={stale} />))).toBe(
      "|≈ 124,50 € (prix périmé)|",
    );
    expect(
      await renderStatic(<TonFiatEquivalentView ton="25" view={{ state: "unavailable" }} />),
    ).toBe("");
  });
});

describe("formatCents", () => {
  it("groups digits and uses the language's decimal mark", () => {
    expect(formatCents("1234567.50", "fr")).toBe("1\u202f234\u202f567,50");
    expect(formatCents("1234.50", "en")).toBe("1,234.50");
    expect(formatCents("1234.50", "es")).toBe("1234,50");
  });
});
