import { describe, expect, it } from "vitest";
import type { PayoutRequest } from "../../modules/ton/chain.ts";
import { stubChain } from "./chain-stub.ts";
import { timedChain } from "./timed-chain.ts";

describe("timedChain", () => {
  it("passes calls through and reports each with its operation, duration and outcome", async () => {
    const seen: [string, number, string][] = [];
    const payout: PayoutRequest = { to: "0:ab", amountNano: 5n, reference: "w1" };
    const driver = stubChain({
      sendPayout: async (request) => ({ payoutId: `p-${request.reference}` }),
      payoutStatus: async () => {
        throw new Error("unknown payout");
      },
    });
    const chain = timedChain(driver, (operation, seconds, outcome) =>
      seen.push([operation, seconds, outcome]),
    );
    expect(chain.kind).toBe("toncenter");
    expect(await chain.sendPayout(payout)).toEqual({ payoutId: "p-w1" });
    await expect(chain.payoutStatus("p-w1")).rejects.toThrow("unknown payout");
    expect(seen.map(([operation, , outcome]) => [operation, outcome])).toEqual([
      ["sendPayout", "ok"],
      ["payoutStatus", "error"],
    ]);
    for (const [, seconds] of seen) {
      expect(seconds).toBeGreaterThanOrEqual(0);
      expect(seconds).toBeLessThan(5);
    }
  });

  it("keeps an optional method absent, and reads the driver's method at each call", async () => {
    const driver = stubChain({ getPublicKey: async () => "aa".repeat(32) });
    const chain = timedChain(driver, () => {});
    expect(chain.payoutTxHash).toBeUndefined();
    expect(await chain.getPublicKey("0:ab")).toBe("aa".repeat(32));
    driver.getPublicKey = async () => null;
    expect(await chain.getPublicKey("0:ab")).toBeNull();
    const withHash = timedChain(stubChain({ payoutTxHash: async () => "hash" }), () => {});
    expect(await withHash.payoutTxHash?.("p")).toBe("hash");
  });
});
