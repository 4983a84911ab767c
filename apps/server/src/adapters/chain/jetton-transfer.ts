import { type Address, beginCell, type Cell } from "@ton/core";

/** TEP-74 `transfer` op of a jetton wallet. */
export const JETTON_TRANSFER_OP = 0x0f8a7ea5;

export interface JettonTransfer {
  /** The sender's own id of the request (u64). */
  queryId: bigint;
  /** Jetton units; FRE has 9 decimals, so nano-FRE. */
  amount: bigint;
  /** The owner wallet that receives the jettons (not its jetton wallet). */
  destination: Address;
  /** Where the excess TON goes back (the hot wallet). */
  responseDestination: Address;
  /** nanoTON forwarded to the destination with the notification (carries the comment). */
  forwardTonAmount: bigint;
  /** The text comment of the forward payload (the withdrawal id); null for none. */
  comment: string | null;
}

/**
 * The body of a TEP-74 jetton transfer, sent to the hot wallet's own jetton wallet:
 * `transfer#0f8a7ea5 query_id:uint64 amount:(VarUInteger 16) destination:MsgAddress
 * response_destination:MsgAddress custom_payload:(Maybe ^Cell) forward_ton_amount:(VarUInteger 16)
 * forward_payload:(Either Cell ^Cell)` — the comment (op 0 + text) goes in a reference cell.
 */
export function buildJettonTransfer(t: JettonTransfer): Cell {
  if (t.amount <= 0n) throw new RangeError("a jetton transfer moves a positive amount");
  const body = beginCell()
    .storeUint(JETTON_TRANSFER_OP, 32)
    .storeUint(t.queryId, 64)
    .storeCoins(t.amount)
    .storeAddress(t.destination)
    .storeAddress(t.responseDestination)
    .storeBit(false) // no custom payload
    .storeCoins(t.forwardTonAmount);
  if (t.comment === null) return body.storeBit(false).endCell();
  const comment = beginCell().storeUint(0, 32).storeStringTail(t.comment).endCell();
  return body.storeBit(true).storeRef(comment).endCell();
}

/** Reads a jetton transfer body back; throws when the cell is not one. */
export function parseJettonTransfer(cell: Cell): JettonTransfer {
  const slice = cell.beginParse();
  const op = slice.loadUint(32);
  if (op !== JETTON_TRANSFER_OP) throw new Error(`not a jetton transfer (op 0x${op.toString(16)})`);
  const queryId = slice.loadUintBig(64);
  const amount = slice.loadCoins();
  const destination = slice.loadAddress();
  const responseDestination = slice.loadAddress();
  slice.loadMaybeRef(); // custom payload
  const forwardTonAmount = slice.loadCoins();
  const payload = slice.loadBit() ? slice.loadRef().beginParse() : slice;
  let comment: string | null = null;
  if (payload.remainingBits >= 32 && payload.loadUint(32) === 0) comment = payload.loadStringTail();
  return { queryId, amount, destination, responseDestination, forwardTonAmount, comment };
}
