/** What the Chain interface (chain.ts) throws, whichever driver answers. */

export class ChainNotRespondingError extends Error {
  constructor(readonly status?: number) {
    super("Blockchain API is not responding");
  }
}

export class PayoutConflictError extends Error {
  constructor(reference: string) {
    super(`Payout reference ${reference} was already used for another destination or amount`);
  }
}

/** Thrown by `sendPayout` when the chain refused the payout outright: nothing was recorded. */
export class PayoutRejectedError extends Error {
  constructor(reason: string) {
    super(`Payout rejected: ${reason}`);
  }
}

export class UnknownPayoutError extends Error {
  constructor(payoutId: string) {
    super(`Unknown payout ${payoutId}`);
  }
}

/** The simulated chain (TON_API_URL=simulated) refused a transfer: not enough on the account. */
export class SimulatedFundsError extends Error {
  constructor() {
    super("Insufficient TON on the simulated account");
  }
}
