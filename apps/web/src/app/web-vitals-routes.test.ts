import { webVitalsReportSchema } from "@fre/shared";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { routePattern } from "../lib/web-vitals-reporter";
import { routes } from "./router";

/** The pattern the web-vitals reporter sends for an address (decision 0038). */
const patternOf = (url: string) =>
  routePattern((matchRoutes(routes, url) ?? []).map((match) => match.route.path));

describe("web vitals route patterns", () => {
  it("names the router's pattern, never the address's ids", () => {
    expect(patternOf("/")).toBe("/");
    expect(patternOf("/dashboard")).toBe("/dashboard");
    expect(patternOf("/game/keno")).toBe("/game/keno");
    expect(patternOf("/admin/users/6f1c2d3e-0000-4000-8000-000000000001")).toBe("/admin/users/:id");
    expect(patternOf("/admin/outbox")).toBe("/admin/:section");
    expect(patternOf("/no/such/page")).toBe("/*");
  });

  it("gives every route of the app a pattern the server accepts", () => {
    const leaves: string[] = [];
    const walk = (list: RouteObject[], above: (string | undefined)[]) => {
      for (const route of list) {
        const path = [...above, route.path];
        if (route.children) walk(route.children, path);
        else leaves.push(routePattern(path));
      }
    };
    walk(routes, []);
    expect(leaves.length).toBeGreaterThan(30);
    for (const route of leaves) {
      const report = { route, vitals: [{ name: "LCP", value: 1 }] };
      expect(webVitalsReportSchema.safeParse(report).success, route).toBe(true);
    }
  });
});
