/**
 * POST /api/vitals (decision 0038): a sampled page view's Core Web Vitals become histograms by
 * metric and route pattern in /metrics; anything else is refused, and each address is limited.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEB_VITAL_ROUTES_MAX } from "../src/lib/metrics.ts";
import { createTestApp, metricLines, PUBLIC_URL, type TestApp } from "./helpers.ts";

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ config: { VITALS_RATE_LIMIT_MAX: "1000" } });
});
afterAll(async () => {
  await test.close();
});

const send = (app: TestApp, payload: unknown, ip = "203.0.113.5", contentType?: string) =>
  app.app.inject({
    method: "POST",
    url: "/api/vitals",
    remoteAddress: ip,
    headers: { origin: PUBLIC_URL, ...(contentType && { "content-type": contentType }) },
    ...(typeof payload === "string" ? { payload } : { payload: payload as object }),
  });

describe("POST /api/vitals", () => {
  it("records each vital by metric and route: timings in seconds, CLS as its score", async () => {
    const answer = await send(test, {
      route: "/dashboard",
      vitals: [
        { name: "LCP", value: 1800 },
        { name: "INP", value: 96 },
        { name: "CLS", value: 0.04 },
        { name: "FCP", value: 700 },
        { name: "TTFB", value: 120 },
      ],
    });
    expect(answer.statusCode, answer.body).toBe(204);
    expect(answer.body).toBe("");
    const seconds = await metricLines(test, "fre_web_vitals_seconds");
    expect(seconds).toContain(
      'fre_web_vitals_seconds_bucket{le="1.8",metric="LCP",route="/dashboard"} 1',
    );
    expect(seconds).toContain(
      'fre_web_vitals_seconds_bucket{le="1",metric="LCP",route="/dashboard"} 0',
    );
    expect(seconds).toContain(
      'fre_web_vitals_seconds_bucket{le="0.1",metric="INP",route="/dashboard"} 1',
    );
    expect(seconds).toContain('fre_web_vitals_seconds_sum{metric="TTFB",route="/dashboard"} 0.12');
    expect(seconds).toContain('fre_web_vitals_seconds_count{metric="FCP",route="/dashboard"} 1');
    const cls = await metricLines(test, "fre_web_vitals_cls");
    expect(cls).toContain('fre_web_vitals_cls_bucket{le="0.05",route="/dashboard"} 1');
    expect(cls).toContain('fre_web_vitals_cls_bucket{le="0.01",route="/dashboard"} 0');
  });

  it("refuses what is not a bounded, anonymous report with 400", async () => {
    const lcp = [{ name: "LCP", value: 1000 }];
    const invalid: [string, unknown][] = [
      ["no body", {}],
      ["no vitals", { route: "/", vitals: [] }],
      ["no route", { vitals: lcp }],
      ["an unknown vital", { route: "/", vitals: [{ name: "FID", value: 10 }] }],
      ["a negative value", { route: "/", vitals: [{ name: "LCP", value: -1 }] }],
      ["an LCP past two minutes", { route: "/", vitals: [{ name: "LCP", value: 120_001 }] }],
      ["a CLS past 100", { route: "/", vitals: [{ name: "CLS", value: 101 }] }],
      ["a value as text", { route: "/", vitals: [{ name: "LCP", value: "1000" }] }],
      ["a vital twice", { route: "/", vitals: [...lcp, ...lcp] }],
      ["six vitals", { route: "/", vitals: Array.from({ length: 6 }, () => lcp[0]) }],
      ["a user id", { route: "/", vitals: lcp, userId: "00000000-0000-4000-8000-000000000000" }],
      ["an extra field in a vital", { route: "/", vitals: [{ ...lcp[0], id: "v5-123" }] }],
      ["an address with a query", { route: "/reset?email=someone@example.com", vitals: lcp }],
      ["a full URL", { route: "https://fre.example/dashboard", vitals: lcp }],
      ["a relative route", { route: "dashboard", vitals: lcp }],
      ["a route with spaces", { route: "/a b", vitals: lcp }],
      ["a route with a fragment", { route: "/faq#x", vitals: lcp }],
      ["a control character", { route: "/dash\u0007board", vitals: lcp }],
      ["a route too long", { route: `/${"a".repeat(100)}`, vitals: lcp }],
    ];
    for (const [label, body] of invalid) {
      const answer = await send(test, body);
      expect(answer.statusCode, label).toBe(400);
      expect(answer.json().error, label).toBe("VALIDATION_ERROR");
    }
    // Not JSON: a CSRF-able text/plain body is refused like everywhere on the API.
    const text = await send(
      test,
      JSON.stringify({ route: "/", vitals: lcp }),
      undefined,
      "text/plain",
    );
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
    // Nothing of it was recorded.
    const lines = await metricLines(test, "fre_web_vitals_seconds_count");
    expect(lines.every((line) => /route="\/dashboard"/.test(line))).toBe(true);
  });

  it("keeps a bounded set of route labels: further patterns count as other", async () => {
    for (let i = 0; i < WEB_VITAL_ROUTES_MAX + 10; i++) {
      const answer = await send(test, { route: `/r${i}`, vitals: [{ name: "TTFB", value: 5 }] });
      expect(answer.statusCode).toBe(204);
    }
    const counts = await metricLines(test, 'fre_web_vitals_seconds_count{metric="TTFB"');
    expect(counts).toHaveLength(WEB_VITAL_ROUTES_MAX + 1);
    expect(counts).toContain('fre_web_vitals_seconds_count{metric="TTFB",route="other"} 11');
  });
});

describe("POST /api/vitals limit", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ config: { VITALS_RATE_LIMIT_MAX: "3" } });
  });
  afterAll(async () => {
    await limited.close();
  });

  it("answers 429 past VITALS_RATE_LIMIT_MAX reports a minute from one address", async () => {
    const body = { route: "/", vitals: [{ name: "FCP", value: 400 }] };
    for (let i = 0; i < 3; i++) expect((await send(limited, body)).statusCode).toBe(204);
    const refused = await send(limited, body);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe("RATE_LIMITED");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Another address has its own count.
    expect((await send(limited, body, "198.51.100.9")).statusCode).toBe(204);
    const counts = await metricLines(limited, 'fre_web_vitals_seconds_count{metric="FCP"');
    expect(counts).toEqual(['fre_web_vitals_seconds_count{metric="FCP",route="/"} 4']);
  });
});
