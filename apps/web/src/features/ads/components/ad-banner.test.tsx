import type { PublicAdList } from "@fre/shared";
import { describe, expect, it } from "vitest";
import frAds from "../../../locales/fr/ads.json";
import { loadCatalogs, renderStatic, renderWithQueries } from "../../../test/render-static";
import { adsKeys } from "../api/ads-api";
import { AdBanner } from "./ad-banner";
import { AdSlot } from "./ad-slot";

const AD = {
  id: "0b0e3c59-4d8c-4c53-9d0f-1f6f0f1b7a11",
  title: "Le pack FRE 5 est arrivé",
  linkUrl: "https://fre-partner.fr/packs",
  imageUrl: "/api/ads/0b0e3c59-4d8c-4c53-9d0f-1f6f0f1b7a11/image?v=1",
  weight: 10,
};

const render = (list: PublicAdList) =>
  renderWithQueries(<AdBanner placement="dashboard" />, {
    seed: (client) => client.setQueryData(adsKeys.placement("dashboard"), list),
  });

loadCatalogs({ ads: frAds });

describe("AdBanner", () => {
  it("shows the image with its alt text, the label and a sponsored link", async () => {
    const html = await render({ items: [AD] });
    expect(html).toContain(`src="${AD.imageUrl}"`);
    expect(html).toContain(`alt="${AD.title}"`);
    expect(html).toContain(">Publicité<");
    expect(html).toContain(`href="${AD.linkUrl}"`);
    expect(html).toContain('rel="noopener sponsored"');
    expect(html).toContain('target="_blank"');
    // …and says so to screen readers, inside the link, in the user's language.
    const link = html.slice(html.indexOf("<a "), html.indexOf("</a>"));
    expect(link).toContain(
      `<span class="sr-only"> ${frAds.opensInNewTab.replaceAll("'", "&#x27;")}</span>`,
    );
    expect(frAds.opensInNewTab).toBe("(s'ouvre dans un nouvel onglet)");
    // Nothing that could tell the advertiser who clicked: no referrer, the bare link.
    expect(html).toContain('referrerPolicy="no-referrer"');
  });

  it("renders nothing without an ad", async () => {
    expect(await render({ items: [] })).toBe("");
  });
});

describe("AdSlot", () => {
  it("renders nothing on the server and the first render (the banner comes after paint)", async () => {
    expect(await renderStatic(<AdSlot placement="games" />)).toBe("");
  });
});
