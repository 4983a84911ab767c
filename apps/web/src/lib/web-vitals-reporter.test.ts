import { WEB_VITALS_SAMPLE_RATE, type WebVitalName, webVitalsReportSchema } from "@fre/shared";
import { describe, expect, it } from "vitest";
import { routePattern, startVitalsReporter, vitalsReport } from "./web-vitals-reporter";
import { sampledPageView } from "./web-vitals-sampling";

/** A page whose visibility the test sets, and what the reporter sent from it. */
function fakePage() {
  const target = new EventTarget();
  const page = Object.assign(target, { visibilityState: "visible" as DocumentVisibilityState });
  const sent: { url: string; body: Blob }[] = [];
  let record: (name: WebVitalName, value: number) => void = () => {};
  const env = {
    measure: (r: typeof record) => {
      record = r;
    },
    send: (url: string, body: Blob) => sent.push({ url, body }) > 0,
    page: page as unknown as Document,
  };
  const setVisibility = (state: DocumentVisibilityState) => {
    page.visibilityState = state;
    target.dispatchEvent(new Event("visibilitychange"));
  };
  return { env, sent, setVisibility, record: (n: WebVitalName, v: number) => record(n, v) };
}

describe("web vitals sampling", () => {
  it("takes one page view in ten", () => {
    expect(WEB_VITALS_SAMPLE_RATE).toBe(0.1);
    expect(sampledPageView(() => 0)).toBe(true);
    expect(sampledPageView(() => 0.0999)).toBe(true);
    expect(sampledPageView(() => 0.1)).toBe(false);
    expect(sampledPageView(() => 0.73)).toBe(false);
    // A fixed sequence spread over [0, 1): 100 of 1000 views.
    let i = 0;
    const views = Array.from({ length: 1000 }, () => sampledPageView(() => (i++ * 0.618) % 1));
    expect(views.filter(Boolean).length).toBeGreaterThanOrEqual(95);
    expect(views.filter(Boolean).length).toBeLessThanOrEqual(105);
  });
});

describe("route patterns", () => {
  it("joins the matched routes' paths, and falls back to /* for anything else", () => {
    expect(routePattern(["/", undefined])).toBe("/");
    expect(routePattern(["/", undefined, undefined, "admin/users/:id"])).toBe("/admin/users/:id");
    expect(routePattern(["/", "a b"])).toBe("/*");
    expect(routePattern(["/", "x\u0000"])).toBe("/*");
    expect(routePattern(["/", "x".repeat(200)])).toBe("/*");
  });
});

describe("the report", () => {
  it("is the vitals in a fixed order, clamped and rounded, and passes the server's schema", () => {
    const measured = new Map<WebVitalName, number>([
      ["TTFB", 123.456],
      ["CLS", 0.123456],
      ["LCP", 250_000],
      ["INP", -3],
    ]);
    const body = vitalsReport("/dashboard", measured);
    expect(body).not.toBeNull();
    const parsed = JSON.parse(body ?? "");
    expect(parsed).toEqual({
      route: "/dashboard",
      vitals: [
        { name: "LCP", value: 120_000 },
        { name: "INP", value: 0 },
        { name: "CLS", value: 0.1235 },
        { name: "TTFB", value: 123 },
      ],
    });
    expect(webVitalsReportSchema.parse(parsed)).toEqual(parsed);
  });

  it("is nothing when nothing was measured", () => {
    expect(vitalsReport("/", new Map())).toBeNull();
    expect(vitalsReport("/", new Map([["LCP", Number.NaN]]))).toBeNull();
  });
});

describe("the reporter", () => {
  it("sends one beacon per page view, on the first hide with something measured", async () => {
    const page = fakePage();
    startVitalsReporter("/game/keno", page.env);
    // Hidden before anything was measured: nothing to send yet.
    page.setVisibility("hidden");
    expect(page.sent).toHaveLength(0);
    page.setVisibility("visible");
    page.record("FCP", 812.3);
    page.record("LCP", 1500);
    page.record("LCP", 1720.4);
    page.setVisibility("hidden");
    page.record("CLS", 0.02);
    page.setVisibility("visible");
    page.setVisibility("hidden");
    expect(page.sent).toHaveLength(1);
    const [beacon] = page.sent;
    expect(beacon?.url).toBe("/api/vitals");
    expect(beacon?.body.type).toBe("application/json");
    expect(JSON.parse(await (beacon?.body.text() ?? ""))).toEqual({
      route: "/game/keno",
      vitals: [
        { name: "LCP", value: 1720 },
        { name: "FCP", value: 812 },
      ],
    });
  });
});
