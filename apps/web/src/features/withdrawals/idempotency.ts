import { isApiError } from "../../lib/api-client";

/** A submitted amount and the Idempotency-Key it was sent with. */
export interface Submission {
  amount: string;
  key: string;
}

/** The submission to send: the same key when `amount` retries the previous one, else a new key. */
export function submissionFor(
  previous: Submission | null,
  amount: string,
  newKey: () => string,
): Submission {
  return previous?.amount === amount ? previous : { amount, key: newKey() };
}

/**
 * Whether a failed submission may be retried with its key: only when the server may not have
 * settled it (no answer, or a server error). A refusal (4xx) is settled: the next one is new.
 */
export function retryableWithSameKey(error: unknown): boolean {
  return !isApiError(error) || error.status === 0 || error.status >= 500;
}
