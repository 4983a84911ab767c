import { Address, beginCell, Cell, loadMessage } from "@ton/core";
import { describe, expect, it } from "vitest";
import { manualClock } from "../../lib/clock.ts";
import { parseJettonTransfer } from "./jetton-transfer.ts";
import { parseWalletV4Transfer, payoutQueryId, toncenterPayouts } from "./toncenter-payouts.ts";

const MNEMONIC =
  "cushion sponsor security wave lamp inner tennis nominee broken tuna depend token ship credit machine food way normal absurd ripple humor oppose torch lonely";
const MASTER = `0:${"f7".repeat(32)}`;
const JETTON_WALLET = `0:${"1e".repeat(32)}`;
const DESTINATION = `0:${"d0".repeat(32)}`;

/** A toncenter that knows nothing of the hot wallet (seqno 0, no history) and keeps the boc. */
function undeployedWalletApi() {
  const sent: string[] = [];
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const body = init?.body ? JSON.parse(String(init.body)) : null;
    if (url.pathname === "/api/v3/runGetMethod" && body.method === "get_wallet_address") {
      const cell = beginCell().storeAddress(Address.parse(JETTON_WALLET)).endCell();
      return json({
        exit_code: 0,
        stack: [{ type: "cell", value: cell.toBoc().toString("base64") }],
      });
    }
    if (url.pathname === "/api/v3/runGetMethod") return json({ exit_code: -13, stack: [] });
    if (url.pathname === "/api/v3/transactions") return json({ transactions: [] });
    if (url.pathname === "/api/v3/message") {
      sent.push(body.boc);
      return json({ message_hash: "x" });
    }
    return new Response("not found", { status: 404 });
  };
  return { sent, fetchImpl };
}

describe("toncenterPayouts: the hot wallet's external message", () => {
  it("signs the same bytes for the same inputs (vector from before @ton/ton signed them)", async () => {
    const api = undeployedWalletApi();
    const payouts = toncenterPayouts({
      baseUrl: "http://toncenter.test",
      fetchImpl: api.fetchImpl,
      mnemonic: MNEMONIC,
      jettonMaster: MASTER,
      clock: manualClock(new Date("2026-03-01T12:00:00Z")),
    });
    const { payoutId } = await payouts.sendPayout({
      to: DESTINATION,
      amountNano: 30_000_000_000n,
      reference: "wd-vector-1",
    });
    const queryId = payoutQueryId("wd-vector-1");
    expect(payoutId).toBe(`tc1:${queryId.toString(16).padStart(16, "0")}:0:1772366460`);
    expect(api.sent).toHaveLength(1);
    const boc = Cell.fromBase64(api.sent[0]!);
    expect(boc.hash().toString("hex")).toBe(
      "1ffb65d9eb60601705db7f28549e4b946df5ef7f373b98376cc1ead136fbad04",
    );

    // What the wallet contract reads from it: the deploying message carries the state init.
    const message = loadMessage(boc.beginParse());
    expect(message.init?.code).toBeTruthy();
    const send = parseWalletV4Transfer(message.body);
    expect(send).toMatchObject({
      subwalletId: 698_983_191,
      seqno: 0,
      validUntil: 1772366460,
      op: 0,
    });
    expect(send.messages).toHaveLength(1);
    expect(send.messages[0]!.mode).toBe(3); // pay fees separately, ignore errors
    const transfer = parseJettonTransfer(send.messages[0]!.message.body);
    expect(transfer).toMatchObject({ queryId, amount: 30_000_000_000n, comment: "wd-vector-1" });
  });
});
