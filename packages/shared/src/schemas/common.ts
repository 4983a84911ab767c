import { z } from "zod";
import { isWithinFreBound, MAX_FRE_AMOUNT, normalizeTypedFre } from "../money.ts";

/**
 * Characters no user or admin text may hold: C0/C1 controls and the bidirectional overrides and
 * isolates (a name that reads backwards, a line break in a title).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
export const UNSAFE_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

export const errorResponseSchema = z.object({
  error: z.string(),
  message: z.string(),
  retryAfter: z.number().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** The `{error, message}` answers of a route, by status: `errorResponses(400, 401, 404)`. */
export function errorResponses<S extends number>(...statuses: S[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as Record<
    S,
    typeof errorResponseSchema
  >;
}

/** A page cursor naming a numeric row id: digits only, at most Number.MAX_SAFE_INTEGER. */
export const idCursorSchema = z
  .string()
  .regex(/^\d{1,16}$/, "must be a row id")
  .refine((value) => Number(value) <= Number.MAX_SAFE_INTEGER, "must be a row id")
  .transform(Number);

/** A link an admin enters and users open: http(s) only (no javascript:, data:, file:…). */
export const webUrlSchema = z
  .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
  .max(500);

/** The `Idempotency-Key` header of money requests: 8–100 letters, digits, `_` or `-` (a UUID fits). */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, "must be 8 to 100 letters, digits, _ or -");

/** Route params naming one row by its UUID (`/…/:id`). */
export const uuidParamsSchema = z.object({ id: z.uuid() });
export type UuidParams = z.infer<typeof uuidParamsSchema>;

/**
 * A FRE amount as typed ("100,5" and "100.5" alike, normalizeTypedFre): up to 12 integer digits and 9 decimals, at most MAX_FRE_AMOUNT — what
 * admin settings and withdrawals accept, so nothing beyond the ledger's columns reaches them.
 */
export const freAmountSchema = z
  .string()
  .max(64)
  .overwrite(normalizeTypedFre)
  .regex(/^\d{1,12}(?:\.\d{1,9})?$/, "must be a FRE amount with at most 9 decimals")
  .refine(isWithinFreBound, `must be at most ${MAX_FRE_AMOUNT} FRE`);
