import type { WebVitalName } from "@fre/shared";
import type { FastifyInstance } from "fastify";
import { handle } from "../../http/contract-route.ts";

export interface VitalsDeps {
  /** Records one value (milliseconds, or the CLS score) under its route pattern. */
  metrics: { webVital(name: WebVitalName, value: number, route: string): void };
  /** Reports per minute per address (VITALS_RATE_LIMIT_MAX). */
  perMinute: number;
}

/**
 * The web's Core Web Vitals (decision 0038): a public route, as a page view is sampled before
 * anyone signs in. Nothing is stored but the histograms' counts; no session is read.
 */
export async function vitalsRoutes(app: FastifyInstance, deps: VitalsDeps) {
  handle(
    app,
    "POST /api/vitals",
    ({ body }) => {
      for (const vital of body.vitals) deps.metrics.webVital(vital.name, vital.value, body.route);
    },
    {
      bodyLimit: 2048,
      // Per address, its own counter: a beacon per sampled page view is far below it.
      config: { rateLimit: { max: deps.perMinute, timeWindow: "1 minute" } },
    },
  );
}
