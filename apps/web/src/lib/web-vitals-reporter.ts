/**
 * Core Web Vitals of a sampled page view (decision 0038), sent once to `POST /api/vitals` with
 * navigator.sendBeacon when the page is first hidden (a tab switch, a close, a navigation away):
 * the route's pattern and up to five numbers, nothing about who. This module and `web-vitals`
 * are one chunk, fetched after the first paint and only on the sampled views (start.tsx).
 */
import {
  WEB_VITAL_MAX,
  WEB_VITAL_NAMES,
  WEB_VITALS_ROUTE_MAX_LENGTH,
  WEB_VITALS_ROUTE_PATTERN,
  type WebVitalName,
} from "@fre/shared";
import { type Metric, onCLS, onFCP, onINP, onLCP, onTTFB } from "web-vitals";
import { urlOf } from "./api-client";

/**
 * The page's route pattern from the router's matched routes, root first (`/admin/users/:id`,
 * never `/admin/users/3f1c…`): an unknown path or an unexpected pattern reads `/*`.
 */
export function routePattern(paths: readonly (string | undefined)[]): string {
  const parts = paths.filter((path): path is string => !!path && path !== "/");
  const pattern = `/${parts.join("/")}`.replace(/\/{2,}/g, "/");
  return pattern.length <= WEB_VITALS_ROUTE_MAX_LENGTH && WEB_VITALS_ROUTE_PATTERN.test(pattern)
    ? pattern
    : "/*";
}

/**
 * The report's JSON, or null when nothing was measured: the vitals in a fixed order, each
 * clamped to what the server accepts, timings to the millisecond, CLS to 4 decimals.
 */
export function vitalsReport(
  route: string,
  measured: ReadonlyMap<WebVitalName, number>,
): string | null {
  const vitals = WEB_VITAL_NAMES.flatMap((name) => {
    const value = measured.get(name);
    if (value === undefined || !Number.isFinite(value)) return [];
    const clamped = Math.min(Math.max(value, 0), WEB_VITAL_MAX[name]);
    const rounded = name === "CLS" ? Math.round(clamped * 10_000) / 10_000 : Math.round(clamped);
    return [{ name, value: rounded }];
  });
  return vitals.length === 0 ? null : JSON.stringify({ route, vitals });
}

export interface ReporterEnvironment {
  /** Starts the measurements; each calls back with a vital's current value. */
  measure: (record: (name: WebVitalName, value: number) => void) => void;
  /** Queues the request to outlive the page (navigator.sendBeacon); false when refused. */
  send: (url: string, body: Blob) => boolean;
  page: Pick<Document, "addEventListener" | "removeEventListener" | "visibilityState">;
}

/**
 * Measures, then sends one report on the first hide that has something to say. The listener is
 * on the document: web-vitals' own (on the window, capturing) run first and hand over CLS and
 * INP before the report is written.
 */
export function startVitalsReporter(route: string, env: ReporterEnvironment): void {
  const measured = new Map<WebVitalName, number>();
  env.measure((name, value) => measured.set(name, value));
  const onHidden = () => {
    if (env.page.visibilityState !== "hidden") return;
    const body = vitalsReport(route, measured);
    if (body === null) return;
    env.page.removeEventListener("visibilitychange", onHidden);
    env.send(urlOf("POST /api/vitals"), new Blob([body], { type: "application/json" }));
  };
  env.page.addEventListener("visibilitychange", onHidden);
}

/** What start.tsx hands over: the router, for the page's matched routes. */
interface RouterLike {
  state: { matches: readonly { route: { path?: string } }[] };
}

export function reportWebVitals(router: RouterLike): void {
  const route = routePattern(router.state.matches.map((match) => match.route.path));
  startVitalsReporter(route, {
    measure: (record) => {
      const take = (metric: Metric) => record(metric.name, metric.value);
      for (const on of [onCLS, onFCP, onINP, onLCP, onTTFB]) on(take);
    },
    send: (url, body) => navigator.sendBeacon?.(url, body) ?? false,
    page: document,
  });
}
