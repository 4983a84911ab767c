/**
 * The Core Web Vitals a sampled page view reports (decision 0038), without zod: the web's
 * reporter (a chunk of its own) clamps and shapes its report with these, the server's schema
 * (schemas/vitals.ts) checks it with the same.
 */
export const WEB_VITAL_NAMES = ["LCP", "INP", "CLS", "FCP", "TTFB"] as const;
export type WebVitalName = (typeof WEB_VITAL_NAMES)[number];

/**
 * The largest value each vital may carry: milliseconds for the four timings, the unitless
 * layout-shift score for CLS. The web clamps to these; anything larger is not a measurement.
 */
export const WEB_VITAL_MAX: Record<WebVitalName, number> = {
  LCP: 120_000,
  INP: 60_000,
  CLS: 100,
  FCP: 120_000,
  TTFB: 120_000,
};

/** The longest route pattern accepted. */
export const WEB_VITALS_ROUTE_MAX_LENGTH = 100;

/**
 * A page's route pattern as the web's router declares it (`/admin/users/:id`, `/game/keno`,
 * `/*` for an unknown path) — never the address with its ids, a query or a fragment: letters,
 * digits and `/ : * _ . -` only, so no personal data and no control character gets through.
 */
export const WEB_VITALS_ROUTE_PATTERN = /^\/[A-Za-z0-9/:*_.-]*$/;
