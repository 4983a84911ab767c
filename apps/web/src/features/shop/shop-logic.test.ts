import type { ShopItem, ShopOrder } from "@fre/shared";
import { describe, expect, it } from "vitest";
import {
  amountDue,
  isOpenOrder,
  itemAvailability,
  openOrderOf,
  remainderTransaction,
} from "./shop-logic";

const item = (over: Partial<ShopItem>): ShopItem => ({
  id: "FRE1",
  kind: "pack",
  rateBonus: "0.025000000",
  durationDays: null,
  priceTon: "1.000000000",
  enabled: true,
  owned: false,
  ...over,
});
const box = {
  itemId: "BOX7",
  rateBonus: "0.4",
  startsAt: "2026-01-01T00:00:00Z",
  expiresAt: "2026-01-08T00:00:00Z",
};
const order = (over: Partial<ShopOrder>): ShopOrder => ({
  id: "o1",
  itemId: "FRE1",
  priceTon: "1.500000000",
  receivedTon: "0.000000000",
  payTo: "0Q…",
  comment: "FRE-1",
  status: "pending",
  txHash: null,
  paymentInFlightUntil: null,
  createdAt: "2026-01-01T00:00:00Z",
  expiresAt: "2026-01-01T00:30:00Z",
  paidAt: null,
  transaction: {
    validUntil: 1,
    messages: [{ address: "0Qshop", amount: "1500000000", payload: "te6" }],
  },
  ...over,
});

describe("itemAvailability", () => {
  it("packs are owned once bought; disabled items are not sold", () => {
    expect(itemAvailability(item({ owned: true }), { activeBox: null })).toEqual({
      state: "owned",
    });
    expect(itemAvailability(item({}), { activeBox: null })).toEqual({ state: "buyable" });
    expect(itemAvailability(item({ enabled: false }), { activeBox: null })).toEqual({
      state: "disabled",
    });
  });

  it("one box at a time: the running one shows its end, the others wait", () => {
    const running = item({ id: "BOX7", kind: "box", durationDays: 7 });
    const other = item({ id: "BOX15", kind: "box", durationDays: 15 });
    expect(itemAvailability(running, { activeBox: box })).toEqual({
      state: "running",
      until: box.expiresAt,
    });
    expect(itemAvailability(other, { activeBox: box })).toEqual({
      state: "blocked",
      until: box.expiresAt,
    });
    expect(itemAvailability(other, { activeBox: null })).toEqual({ state: "buyable" });
    // A running box does not block packs.
    expect(itemAvailability(item({}), { activeBox: box })).toEqual({ state: "buyable" });
  });
});

describe("orders", () => {
  it("computes what is still due and a transaction for the rest", () => {
    const underpaid = order({ status: "underpaid", receivedTon: "1.000000000" });
    expect(amountDue(underpaid)).toBe("0.500000000");
    expect(amountDue(order({ receivedTon: "2.000000000" }))).toBe("0.000000000");
    const tx = remainderTransaction(underpaid, 1_000_000);
    expect(tx.messages).toEqual([{ address: "0Qshop", amount: "500000000", payload: "te6" }]);
    expect(tx.validUntil).toBe(1_300);
  });

  it("resumes the newest open order", () => {
    expect(isOpenOrder(order({ status: "paid" }))).toBe(false);
    expect(isOpenOrder(order({ status: "underpaid" }))).toBe(true);
    const older = order({ id: "a", createdAt: "2026-01-01T00:00:00Z" });
    const newer = order({ id: "b", createdAt: "2026-01-02T00:00:00Z" });
    const paid = order({ id: "c", status: "paid", createdAt: "2026-01-03T00:00:00Z" });
    expect(openOrderOf([older, paid, newer])?.id).toBe("b");
    expect(openOrderOf([paid])).toBeNull();
  });
});
