import { ApiError } from "../lib/api-client";

/** A 429 from our API: the wait it asked for, in seconds. */
export function rateLimitWait(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  return Math.min(Math.max(Math.ceil(error.retryAfter ?? 10), 1), 3600);
}
