import { webVitalsReportSchema } from "../schemas/vitals.ts";
import { defineContracts, route } from "./contract.ts";

/** The web's Core Web Vitals, recorded as Prometheus histograms (decision 0038). */
export const vitalsContracts = defineContracts([
  route({
    method: "POST",
    path: "/api/vitals",
    access: "public",
    tag: "platform",
    summary:
      "One sampled page view's Core Web Vitals by route pattern (no personal data), kept only as histograms in /metrics; limited per address",
    body: webVitalsReportSchema,
    response: null,
    errors: [400, 429],
  }),
]);
