import { TON_PRICE_STALE_MS, type TonPrice } from "@fre/shared";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { coingeckoPrice, priceToDecimal } from "../src/adapters/ton-price/coingecko-price.ts";
import { ConfigError } from "../src/config.ts";
import { storeTonPrice } from "../src/modules/ton/ton-price.repo.ts";
import { tonPriceService } from "../src/modules/ton/ton-price.service.ts";
import { TonPriceSourceError } from "../src/modules/ton/ton-price-source.ts";
import { type CoingeckoFake, startCoingeckoFake } from "./coingecko-fake.ts";
import { client, createTestApp, type TestApp, testConfig } from "./helpers.ts";

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

let fake: CoingeckoFake;
beforeAll(async () => {
  fake = await startCoingeckoFake();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.answer = "price";
  fake.price = { usd: 5.4321, eur: 4.98, lastUpdatedAt: seconds(new Date()) };
  fake.requests.length = 0;
});

/** What the driver threw (or null when it answered a price). */
async function failureOf(promise: Promise<unknown>) {
  try {
    await promise;
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(TonPriceSourceError);
    const e = error as TonPriceSourceError;
    return { code: e.code, status: e.status };
  }
}

describe("the CoinGecko driver against a local fake", () => {
  it("asks for TON in USD and EUR and answers decimal strings with the source's time", async () => {
    const source = coingeckoPrice(fake.url, fetch, { apiKey: "demo-key-123" });
    const quote = await source.quote();
    expect(quote).toEqual({
      usd: "5.4321",
      eur: "4.98",
      pricedAt: new Date(fake.price.lastUpdatedAt * 1000),
      source: "coingecko",
    });
    const [request] = fake.requests;
    const url = new URL(request?.url ?? "", fake.url);
    expect(url.pathname).toBe("/api/v3/simple/price");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      ids: "the-open-network",
      vs_currencies: "usd,eur",
      include_last_updated_at: "true",
    });
    expect(request?.headers["x-cg-demo-api-key"]).toBe("demo-key-123");
  });

  it("sends no key header without a key", async () => {
    await coingeckoPrice(fake.url).quote();
    expect(Object.keys(fake.requests[0]?.headers ?? {})).not.toContain("x-cg-demo-api-key");
  });

  it("writes prices without float noise or exponents", () => {
    expect(priceToDecimal(0.1 + 0.2)).toBe("0.3");
    expect(priceToDecimal(0.0001)).toBe("0.0001");
    expect(priceToDecimal(100)).toBe("100");
    expect(priceToDecimal(1_000_000)).toBe("1000000");
    expect(priceToDecimal(5.123456789)).toBe("5.12345679");
  });

  it("turns HTTP 429 and 500 into errors carrying the status", async () => {
    const source = coingeckoPrice(fake.url);
    fake.answer = 429;
    expect(await failureOf(source.quote())).toEqual({ code: "http", status: 429 });
    fake.answer = 500;
    expect(await failureOf(source.quote())).toEqual({ code: "http", status: 500 });
  });

  it("refuses garbage, a wrong shape and an oversized answer", async () => {
    const source = coingeckoPrice(fake.url);
    fake.answer = "garbage";
    expect(await failureOf(source.quote())).toMatchObject({ code: "unreadable" });
    fake.answer = "wrong-shape";
    expect(await failureOf(source.quote())).toMatchObject({ code: "unreadable" });
    fake.answer = "huge";
    expect(await failureOf(source.quote())).toMatchObject({ code: "too-large" });
  });

  it("refuses absurd figures: zero, negative, huge, and a euro worth three dollars", async () => {
    const source = coingeckoPrice(fake.url);
    const now = seconds(new Date());
    for (const price of [
      { usd: 0, eur: 4.98, lastUpdatedAt: now },
      { usd: -5, eur: 4.98, lastUpdatedAt: now },
      { usd: 5e9, eur: 4.6e9, lastUpdatedAt: now },
      { usd: 5, eur: 15, lastUpdatedAt: now },
      { usd: 5, eur: 4.6, lastUpdatedAt: 0 },
    ]) {
      fake.price = price;
      expect(await failureOf(source.quote()), JSON.stringify(price)).toMatchObject({
        code: "unreadable",
      });
    }
  });

  it("gives up after its timeout when the service does not answer", async () => {
    fake.answer = "hang";
    const started = Date.now();
    const failure = await failureOf(coingeckoPrice(fake.url, fetch, { timeoutMs: 200 }).quote());
    expect(failure).toMatchObject({ code: "timeout" });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("reports a service that cannot be reached", async () => {
    const failure = await failureOf(coingeckoPrice("http://127.0.0.1:1").quote());
    expect(failure).toMatchObject({ code: "network" });
  });
});

describe("GET /api/ton/price with TON_PRICE_URL set", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ config: { TON_PRICE_URL: fake.url } });
  });
  afterAll(async () => {
    await test.close();
  });
  const read = async () => {
    const response = await client(test).get("/api/ton/price");
    expect(response.statusCode).toBe(200);
    return { body: response.json() as TonPrice, headers: response.headers };
  };

  it("says unavailable until the job has stored a price, then serves it", async () => {
    expect((await read()).body).toEqual({
      available: false,
      usd: null,
      eur: null,
      updatedAt: null,
      source: null,
      stale: false,
    });
    fake.price.lastUpdatedAt = seconds(test.clock.now()) - 60;
    await test.tonPrice.refresh();
    const { body, headers } = await read();
    expect(body).toEqual({
      available: true,
      usd: "5.4321",
      eur: "4.98",
      updatedAt: new Date(fake.price.lastUpdatedAt * 1000).toISOString(),
      source: "coingecko",
      stale: false,
    });
    expect(headers["cache-control"]).toBe("public, max-age=60");
  });

  it("keeps the last good price when the service fails, and marks it stale after 30 minutes", async () => {
    fake.price = { usd: 6, eur: 5.5, lastUpdatedAt: seconds(test.clock.now()) };
    await test.tonPrice.refresh();
    const pricedAt = new Date(fake.price.lastUpdatedAt * 1000);
    for (const answer of [429, 500, "garbage"] as const) {
      fake.answer = answer;
      await expect(test.tonPrice.refresh()).rejects.toBeInstanceOf(TonPriceSourceError);
    }
    expect((await read()).body).toMatchObject({ usd: "6", eur: "5.5", stale: false });

    test.clock.set(new Date(pricedAt.getTime() + TON_PRICE_STALE_MS));
    expect((await read()).body).toMatchObject({ usd: "6", stale: false });
    test.clock.advance(1_000);
    expect((await read()).body).toEqual({
      available: true,
      usd: "6",
      eur: "5.5",
      updatedAt: pricedAt.toISOString(),
      source: "coingecko",
      stale: true,
    });

    // The service answers again: fresh once more.
    fake.answer = "price";
    fake.price = { usd: 6.1, eur: 5.6, lastUpdatedAt: seconds(test.clock.now()) };
    await test.tonPrice.refresh();
    expect((await read()).body).toMatchObject({ usd: "6.1", eur: "5.6", stale: false });
  });

  it("serves the price another process stored (after its short memory cache)", async () => {
    fake.price = { usd: 7, eur: 6.4, lastUpdatedAt: seconds(test.clock.now()) };
    const other = tonPriceService({
      db: test.db,
      clock: test.clock,
      source: coingeckoPrice(fake.url),
      cacheMs: 30_000,
    });
    await other.refresh();
    expect((await other.current()).usd).toBe("7");
    // This process read the database less than 30 s ago: still its figure, then the new one.
    const before = (await read()).body.usd;
    expect(before).not.toBe("7");
    test.clock.advance(30_000);
    expect((await read()).body.usd).toBe("7");
  });

  it("never moves the price back in time, nor ahead of our clock", async () => {
    const now = test.clock.now();
    await storeTonPrice(test.db, {
      usd: "8",
      eur: "7.3",
      pricedAt: now.toISOString(),
      source: "coingecko",
    });
    fake.price = { usd: 1, eur: 0.9, lastUpdatedAt: seconds(now) - 600 };
    await test.tonPrice.refresh();
    test.clock.advance(30_000);
    expect((await read()).body.usd).toBe("8");

    // A source clock an hour ahead: the price is dated our "now", not the future.
    fake.price = { usd: 9, eur: 8.2, lastUpdatedAt: seconds(now) + 3600 };
    await test.tonPrice.refresh();
    const { body } = await read();
    expect(body).toMatchObject({ usd: "9", updatedAt: test.clock.now().toISOString() });
  });

  it("rejects no query string with a 5xx", async () => {
    const response = await client(test).get("/api/ton/price?x=%00&usd=1e999");
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe("TON price off (the default)", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  it("says unavailable, even with a price left in the database from when it was on", async () => {
    await storeTonPrice(test.db, {
      usd: "5",
      eur: "4.6",
      pricedAt: test.clock.now().toISOString(),
      source: "coingecko",
    });
    await test.tonPrice.refresh();
    const response = await client(test).get("/api/ton/price");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      available: false,
      usd: null,
      eur: null,
      updatedAt: null,
      source: null,
      stale: false,
    });
    expect(fake.requests).toEqual([]);
  });
});

describe("TON price settings", () => {
  it("are off by default with a 5-minute refresh", () => {
    const config = testConfig();
    expect(config.TON_PRICE_URL).toBe("");
    expect(config.TON_PRICE_REFRESH_MS).toBe(300_000);
  });

  it("refuse a URL that is not http(s) and a refresh outside its bounds", () => {
    const refused: Record<string, string>[] = [
      { TON_PRICE_URL: "ftp://prices.example" },
      { TON_PRICE_URL: "not a url" },
      { TON_PRICE_REFRESH_MS: "500" },
      { TON_PRICE_REFRESH_MS: "86400000" },
      { TON_PRICE_API_KEY: "short" },
    ];
    for (const overrides of refused) {
      expect(() => testConfig(overrides), JSON.stringify(overrides)).toThrow(ConfigError);
    }
    expect(testConfig({ TON_PRICE_URL: "https://api.coingecko.com" }).TON_PRICE_URL).toBe(
      "https://api.coingecko.com",
    );
  });
});
