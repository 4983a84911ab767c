import { describe, expect, it } from "vitest";
import { canPay, payoutsLeft } from "./hot-wallet.ts";

const TON = 1_000_000_000n;
const wallet = (ton: bigint, fre: bigint) => ({
  tonNano: ton,
  jettonNano: fre,
  tonPerPayoutNano: TON / 10n,
});

describe("the hot wallet's payouts left", () => {
  it("counts one send's 0.1 TON, then the recent real fee for each further payout", () => {
    const recent = { feeNano: TON / 100n, amountNano: 30n * TON };
    expect(payoutsLeft(wallet(TON, 1_000_000n * TON), recent, 10n * TON)).toBe(91);
    expect(payoutsLeft(wallet(TON / 10n, 1_000_000n * TON), recent, 10n * TON)).toBe(1);
    expect(payoutsLeft(wallet(TON / 10n - 1n, 1_000_000n * TON), recent, 10n * TON)).toBe(0);
  });

  it("is bound by the FRE at the recent average amount, the minimum before any payout", () => {
    expect(
      payoutsLeft(
        wallet(100n * TON, 900n * TON),
        { feeNano: TON / 100n, amountNano: 30n * TON },
        TON,
      ),
    ).toBe(30);
    expect(
      payoutsLeft(wallet(100n * TON, 900n * TON), { feeNano: null, amountNano: null }, 10n * TON),
    ).toBe(90);
    // No recorded fee yet: each payout counted at what one send takes.
    expect(
      payoutsLeft(wallet(TON, 1_000_000n * TON), { feeNano: null, amountNano: null }, TON),
    ).toBe(10);
  });

  it("can pay a payout only with a send's TON and at least its FRE", () => {
    expect(canPay(wallet(TON / 10n, 5n), 5n)).toBe(true);
    expect(canPay(wallet(TON / 10n, 4n), 5n)).toBe(false);
    expect(canPay(wallet(TON / 10n - 1n, 5n), 5n)).toBe(false);
  });
});
