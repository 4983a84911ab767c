// Read-only toncenter v3 calls the dry run (`npm run ton:check`) needs besides those of the
// payout driver: an account's state and balance, a jetton master's data (TEP-74, its TEP-64
// metadata) and a jetton wallet's. Nothing here signs or sends.

import { createHash } from "node:crypto";
import { type Address, beginCell, Cell, Dictionary, type Slice } from "@ton/core";
import { z } from "zod";
import { ChainNotRespondingError } from "../../modules/ton/chain-errors.ts";

export interface ToncenterReadsOptions {
  baseUrl: string;
  apiKey?: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

export type AccountStatus = "active" | "uninit" | "frozen" | "nonexist";

export interface AccountState {
  status: AccountStatus;
  balanceNano: bigint;
}

/** TEP-64 metadata: on-chain keys, or the URI of the off-chain JSON. */
export interface JettonMetadata {
  uri: string | null;
  name: string | null;
  symbol: string | null;
  decimals: string | null;
}

export interface JettonMasterData {
  totalSupply: bigint;
  mintable: boolean;
  admin: Address | null;
  metadata: JettonMetadata;
}

export interface JettonWalletData {
  balance: bigint;
  owner: Address;
  master: Address;
}

const accountAnswer = z.object({
  balance: z.union([z.string().regex(/^\d+$/), z.number().int().nonnegative()]),
  status: z.enum(["active", "uninit", "frozen", "nonexist"]),
});
const getMethodAnswer = z.object({
  exit_code: z.number().int(),
  stack: z.array(z.object({ type: z.string(), value: z.string().max(100_000).nullish() })),
});
type StackItem = z.infer<typeof getMethodAnswer>["stack"][number];

/** A get method that did not answer as the standard says. */
export class GetMethodFailedError extends Error {
  constructor(method: string, exitCode: number) {
    super(`${method} failed (exit code ${exitCode})`);
  }
}

const numberOf = (item: StackItem | undefined) => {
  if (item?.type !== "num" || !item.value) throw new Error("a number was expected");
  // toncenter writes a negative number `-0x…`, which BigInt does not read.
  return item.value.startsWith("-") ? -BigInt(item.value.slice(1)) : BigInt(item.value);
};
const cellOf = (item: StackItem | undefined) => {
  if (!item?.value || (item.type !== "cell" && item.type !== "slice")) {
    throw new Error("a cell was expected");
  }
  return Cell.fromBase64(item.value);
};
const addressOf = (item: StackItem | undefined) => cellOf(item).beginParse().loadMaybeAddress();

const metadataKey = (name: string) =>
  BigInt(`0x${createHash("sha256").update(name).digest("hex")}`);

/** A TEP-64 value: snake (prefix 0) or chunked (prefix 1) text. */
function readContentText(cell: Cell): string {
  const slice = cell.beginParse();
  const prefix = slice.remainingBits >= 8 ? slice.loadUint(8) : 0;
  if (prefix === 1) {
    const chunks = slice.loadDict(Dictionary.Keys.Uint(32), Dictionary.Values.Cell());
    return [...chunks.keys()]
      .sort((a, b) => a - b)
      .map((key) => chunks.get(key)!.beginParse().loadStringTail())
      .join("");
  }
  return slice.loadStringTail();
}

/** TEP-64 content: `0x01` + URI (off-chain), or `0x00` + a dictionary of sha256(key) → value. */
export function parseJettonContent(content: Cell): JettonMetadata {
  const slice: Slice = content.beginParse();
  const layout = slice.remainingBits >= 8 ? slice.loadUint(8) : -1;
  if (layout === 1) {
    return { uri: slice.loadStringTail(), name: null, symbol: null, decimals: null };
  }
  if (layout !== 0) throw new Error("the jetton content is neither on-chain nor off-chain TEP-64");
  const dict = slice.loadDict(Dictionary.Keys.BigUint(256), Dictionary.Values.Cell());
  const text = (key: string) => {
    const value = dict.get(metadataKey(key));
    return value ? readContentText(value) : null;
  };
  return {
    uri: text("uri"),
    name: text("name"),
    symbol: text("symbol"),
    decimals: text("decimals"),
  };
}

export function toncenterReads(options: ToncenterReadsOptions) {
  const fetchImpl = options.fetchImpl ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.apiKey) headers["x-api-key"] = options.apiKey;

  async function runGetMethod(address: Address, method: string, stack: StackItem[] = []) {
    const response = await fetchImpl(new URL("/api/v3/runGetMethod", options.baseUrl), {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ address: address.toRawString(), method, stack }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new ChainNotRespondingError(response.status);
    const answer = getMethodAnswer.safeParse(await response.json());
    if (!answer.success) throw new Error("Unexpected toncenter runGetMethod answer");
    if (answer.data.exit_code !== 0) throw new GetMethodFailedError(method, answer.data.exit_code);
    return answer.data.stack;
  }

  return {
    /** An account's state and TON balance; an address toncenter has never seen is `nonexist`. */
    async account(address: Address): Promise<AccountState> {
      const url = new URL("/api/v3/account", options.baseUrl);
      url.searchParams.set("address", address.toRawString());
      const response = await fetchImpl(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
      if (response.status === 404) return { status: "nonexist", balanceNano: 0n };
      if (!response.ok) throw new ChainNotRespondingError(response.status);
      const answer = accountAnswer.safeParse(await response.json());
      if (!answer.success) throw new Error("Unexpected toncenter account answer");
      return { status: answer.data.status, balanceNano: BigInt(answer.data.balance) };
    },

    /** A wallet's `seqno` get method (wallets v3 to v5). */
    async seqno(wallet: Address): Promise<number> {
      return Number(numberOf((await runGetMethod(wallet, "seqno"))[0]));
    },

    /** TEP-74 `get_wallet_address`: the jetton wallet the master gives an owner. */
    async jettonWalletAddress(master: Address, owner: Address): Promise<Address> {
      const slice = beginCell().storeAddress(owner).endCell().toBoc().toString("base64");
      const [top] = await runGetMethod(master, "get_wallet_address", [
        { type: "slice", value: slice },
      ]);
      const address = addressOf(top);
      if (!address) throw new Error("get_wallet_address gave no address");
      return address;
    },

    /** TEP-74 `get_jetton_data`: supply, mintable, admin, content (the wallet code unread). */
    async jettonMaster(master: Address): Promise<JettonMasterData> {
      const [supply, mintable, admin, content] = await runGetMethod(master, "get_jetton_data");
      return {
        totalSupply: numberOf(supply),
        mintable: numberOf(mintable) !== 0n,
        admin: addressOf(admin),
        metadata: parseJettonContent(cellOf(content)),
      };
    },

    /** TEP-74 `get_wallet_data`: balance, owner, master (the wallet code unread). */
    async jettonWallet(wallet: Address): Promise<JettonWalletData> {
      const [balance, owner, master] = await runGetMethod(wallet, "get_wallet_data");
      const ownerAddress = addressOf(owner);
      const masterAddress = addressOf(master);
      if (!ownerAddress || !masterAddress) throw new Error("get_wallet_data gave no owner");
      return { balance: numberOf(balance), owner: ownerAddress, master: masterAddress };
    },
  };
}

export type ToncenterReads = ReturnType<typeof toncenterReads>;
