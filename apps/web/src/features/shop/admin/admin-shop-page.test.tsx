import { adminShopItemBodySchema } from "@fre/shared";
import { describe, expect, it } from "vitest";
import frAdmin from "../../../locales/fr/admin.json";
import frShop from "../../../locales/fr/shop.json";
import { loadCatalogs, renderWithQueries } from "../../../test/render-static";
import { shopKeys } from "../api/shop-api";
import { AdminShopPage, priceBodyOf } from "./admin-shop-page";

loadCatalogs({ admin: frAdmin, shop: frShop });

describe("an item's price in TON as the admin types it (issue 34 point 7)", () => {
  it("sends « 1,5 » and « 1 000,25 » as 1.5 and 1000.25, which the API takes", () => {
    expect(priceBodyOf("1,5")).toEqual({ priceTon: "1.5" });
    expect(priceBodyOf("1\u202f000,25")).toEqual({ priceTon: "1000.25" });
    expect(adminShopItemBodySchema.safeParse(priceBodyOf("1,5")).success).toBe(true);
    expect(adminShopItemBodySchema.safeParse(priceBodyOf("1,2,3")).success).toBe(false);
    expect(adminShopItemBodySchema.safeParse(priceBodyOf("0,0")).success).toBe(false);
  });

  it("shows the amount example under the price", async () => {
    const html = await renderWithQueries(<AdminShopPage />, {
      seed: (client) =>
        client.setQueryData(shopKeys.adminItems(), {
          items: [
            {
              id: "pack_starter",
              kind: "pack",
              rateBonus: "0.010000000",
              durationDays: null,
              priceTon: "1.500000000",
              enabled: true,
              owned: false,
            },
          ],
        }),
    });
    expect(html).toContain('value="1.5"');
    expect(html.match(/data-amount-example="">ex\. 12,5</g)?.length).toBe(1);
  });
});
