/**
 * One contract per route (issue 22): every API route the app serves is declared once in
 * packages/shared's contracts, and every contract is served — a route registered by hand, or a
 * contract whose route is gone, fails here. The server registers routes only through `handle()`
 * (http/contract-route.ts), which refuses a route outside the scope its contract's access names.
 */
import { contracts } from "@fre/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers.ts";
import { servedRoutes } from "./route-tree.ts";

/** Served API paths that are not ours to declare, each with its reason. */
const NOT_CONTRACTS = [
  // Better Auth's own endpoints behind our wrapper (its client and ours call them by name).
  /^(GET|POST) \/api\/auth\/\*$/,
  // Swagger UI's page and files, generated from the contracts themselves.
  /^GET \/api\/docs/,
];

const isApi = (route: string) => route.split(" ")[1]!.startsWith("/api/");

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test?.close();
});

describe("route contracts", () => {
  it("declare every API route the app serves", () => {
    const served = servedRoutes(test.app).filter(isApi);
    expect(served.length).toBeGreaterThan(100);
    const undeclared = served.filter(
      (route) => !(route in contracts) && !NOT_CONTRACTS.some((pattern) => pattern.test(route)),
    );
    expect(undeclared).toEqual([]);
  });

  it("are each served by a route", () => {
    const served = new Set(servedRoutes(test.app));
    expect(Object.keys(contracts).filter((key) => !served.has(key))).toEqual([]);
  });

  it("name each route by its own method and path", () => {
    for (const [key, contract] of Object.entries(contracts)) {
      expect(key).toBe(`${contract.method} ${contract.path}`);
    }
  });
});
