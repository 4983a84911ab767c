import { describe, expect, it } from "vitest";
import { isKnownBonusType, isKnownLedgerKind, reductionHours } from "./ledger-labels";

describe("ledger labels", () => {
  it("names the server's ledger kinds and leaves unknown ones as they are", () => {
    expect(isKnownLedgerKind("mining")).toBe(true);
    expect(isKnownLedgerKind("withdrawal")).toBe(true);
    expect(isKnownLedgerKind("airdrop")).toBe(false);
    expect(isKnownBonusType("time_reduction")).toBe(true);
    expect(isKnownBonusType("jackpot")).toBe(false);
  });

  it("shows time reductions in whole hours", () => {
    expect(reductionHours("7200000")).toBe(2);
    expect(reductionHours("5400000")).toBe(2);
    expect(reductionHours("1.5")).toBeNull();
    expect(reductionHours("")).toBeNull();
  });
});
