// What every Chain driver checks the same way: cursors, payout requests, and the ton_proof check
// a driver falls back to.

import type { PayoutRequest, TonProofVerifier } from "../../modules/ton/chain.ts";

/** The ton_proof check of a driver given none: every proof answers "not available". */
export const proofNotAvailable: TonProofVerifier = async () => ({
  ok: false,
  reason: "not available",
});

/** A cursor is a decimal lt (or null): anything else is a caller's bug. */
export function parseCursor(cursor: string | null): bigint {
  if (cursor === null) return -1n;
  if (typeof cursor !== "string" || !/^\d{1,20}$/.test(cursor)) {
    throw new TypeError(`Invalid chain cursor: ${String(cursor)}`);
  }
  return BigInt(cursor);
}

/** A payout request every driver refuses before anything else. */
export function assertPayoutRequest(request: PayoutRequest) {
  if (typeof request.to !== "string" || request.to.length === 0) {
    throw new TypeError("Payout needs a destination address");
  }
  if (typeof request.amountNano !== "bigint" || request.amountNano <= 0n) {
    throw new TypeError("Payout amount must be a positive bigint of nanoTON");
  }
  if (typeof request.reference !== "string" || request.reference.length === 0) {
    throw new TypeError("Payout needs a reference");
  }
}
