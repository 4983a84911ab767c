import { z } from "zod";
import {
  WEB_VITAL_MAX,
  WEB_VITAL_NAMES,
  WEB_VITALS_ROUTE_MAX_LENGTH,
  WEB_VITALS_ROUTE_PATTERN,
} from "../web-vitals.ts";

/** A page's route pattern (`/admin/users/:id`), never its address: see WEB_VITALS_ROUTE_PATTERN. */
export const webVitalsRouteSchema = z
  .string()
  .min(1)
  .max(WEB_VITALS_ROUTE_MAX_LENGTH)
  .regex(WEB_VITALS_ROUTE_PATTERN);

export const webVitalSchema = z
  .strictObject({
    name: z.enum(WEB_VITAL_NAMES),
    value: z
      .number()
      .min(0)
      .max(Math.max(...Object.values(WEB_VITAL_MAX))),
  })
  .refine((vital) => vital.value <= WEB_VITAL_MAX[vital.name], {
    message: "out of range",
    path: ["value"],
  });

/**
 * One sampled page view's vitals, sent once (navigator.sendBeacon) when the page is hidden:
 * the route pattern and at most one value per vital. No user id, no address, no user agent.
 */
export const webVitalsReportSchema = z.strictObject({
  route: webVitalsRouteSchema,
  vitals: z
    .array(webVitalSchema)
    .min(1)
    .max(WEB_VITAL_NAMES.length)
    .refine((vitals) => new Set(vitals.map((v) => v.name)).size === vitals.length, {
      message: "one value per vital",
    }),
});
export type WebVitalsReport = z.infer<typeof webVitalsReportSchema>;
