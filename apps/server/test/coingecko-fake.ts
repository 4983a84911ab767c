import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for CoinGecko's simple price API (`GET /api/v3/simple/price`), answering for
 * `ids=the-open-network` in the currencies asked. `answer` chooses what the next calls get: the
 * price, an HTTP status (429, 500), garbage, an oversized body, or no answer at all (a timeout).
 */
export interface CoingeckoFake {
  url: string;
  price: { usd: number; eur: number; lastUpdatedAt: number };
  answer: "price" | "garbage" | "wrong-shape" | "huge" | "hang" | number;
  /** Every request's path with its query, and headers. */
  requests: { url: string; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

export async function startCoingeckoFake(): Promise<CoingeckoFake> {
  const hanging = new Set<import("node:http").ServerResponse>();
  const fake: CoingeckoFake = {
    url: "",
    price: { usd: 5.4321, eur: 4.98, lastUpdatedAt: Math.floor(Date.now() / 1000) },
    answer: "price",
    requests: [],
    close: async () => {},
  };
  const server: Server = createServer((request, response) => {
    fake.requests.push({ url: request.url ?? "", headers: request.headers });
    const url = new URL(request.url ?? "/", "http://fake");
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (url.pathname !== "/api/v3/simple/price") return json(404, { error: "Not found" });
    const answer = fake.answer;
    if (typeof answer === "number") {
      return json(answer, { status: { error_code: answer, error_message: "Too many requests" } });
    }
    if (answer === "hang") {
      hanging.add(response);
      return;
    }
    if (answer === "garbage") {
      response.writeHead(200, { "content-type": "application/json" });
      return response.end("<html>not json");
    }
    if (answer === "huge") {
      response.writeHead(200, { "content-type": "application/json" });
      return response.end(`{"pad":"${"x".repeat(100_000)}"}`);
    }
    if (answer === "wrong-shape") return json(200, { "the-open-network": { usd: "5.4" } });
    if (url.searchParams.get("ids") !== "the-open-network") return json(200, {});
    const currencies = (url.searchParams.get("vs_currencies") ?? "").split(",");
    const body: Record<string, number> = {};
    for (const currency of currencies) {
      if (currency === "usd" || currency === "eur") body[currency] = fake.price[currency];
    }
    if (url.searchParams.get("include_last_updated_at") === "true") {
      body.last_updated_at = fake.price.lastUpdatedAt;
    }
    json(200, { "the-open-network": body });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = async () => {
    for (const response of hanging) response.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
