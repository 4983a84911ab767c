// "FRE Dev Wallet": a wallet living in the page, on the simulated chain only. It speaks TON
// Connect's JS bridge protocol (ton-connect/docs, bridge.md "JS bridge"), so the real widget
// connects to it exactly as to a browser-extension wallet: ton_addr of a real wallet v4R2,
// a ton_proof signed with its ed25519 key, sendTransaction after the user confirms.

import {
  type AsyncSha256,
  type DevChainWallet,
  type TonNetwork,
  tonProofDigestAsync,
} from "@fre/shared";
import { nanoToTon } from "../../../lib/ton-format";
import { DEV_WALLET_BRIDGE_KEY, DEV_WALLET_NAME } from "./dev-wallet-name";

export { DEV_WALLET_BRIDGE_KEY, DEV_WALLET_NAME };
export const DEV_WALLET_STORAGE_KEY = "fre.devWallet.v1";

/** What the page keeps of the dev wallet (dev only: the secret key in localStorage). */
export interface DevWalletState extends DevChainWallet {
  publicKey: string;
  secret: JsonWebKey;
  connected: boolean;
}

export interface DevWalletKeys {
  generate(): Promise<{ publicKey: Uint8Array; secret: JsonWebKey }>;
  sign(secret: JsonWebKey, data: Uint8Array): Promise<Uint8Array>;
}

export interface DevTransferRequest {
  /** User-friendly destination. */
  to: string;
  amountTon: string;
}

export interface DevWalletDeps {
  network: TonNetwork;
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem">;
  keys: DevWalletKeys;
  sha256: AsyncSha256;
  createWallet(publicKeyHex: string): Promise<DevChainWallet>;
  transfer(body: { from: string; to: string; amountTon: string; payload?: string }): Promise<{
    hash: string;
  }>;
  /** Our own confirm dialog: true when the user accepts the transfers. */
  confirm(request: { from: string; transfers: DevTransferRequest[] }): Promise<boolean>;
  /** Unix milliseconds. */
  now(): number;
  /** The app icon and about page the widget lists the wallet with. */
  origin: string;
}

type ConnectItem = { name: "ton_addr" } | { name: "ton_proof"; payload: string };
interface ConnectRequest {
  manifestUrl: string;
  items: ConnectItem[];
}
interface RpcRequest {
  method: string;
  params: string[];
  id: string;
}
interface TransactionRequest {
  valid_until?: number;
  validUntil?: number;
  messages: { address: string; amount: string; payload?: string; stateInit?: string }[];
}

// TON Connect's error codes (requests-responses.md).
const USER_REJECTS = 300;
const BAD_REQUEST = 1;
const METHOD_NOT_SUPPORTED = 400;
const UNKNOWN_ERROR = 0;

const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
const fromHex = (text: string) =>
  Uint8Array.from(text.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

/** Raw `0:<hex>` → workchain and the 32-byte account id. */
export function rawAddressParts(address: string): { workchain: number; hash: Uint8Array } {
  const match = /^(-?\d+):([0-9a-fA-F]{64})$/.exec(address);
  if (!match) throw new TypeError("Not a raw TON address");
  return { workchain: Number(match[1]), hash: fromHex(match[2] ?? "") };
}

export function devWalletInfo(origin: string) {
  return {
    name: DEV_WALLET_NAME,
    appName: DEV_WALLET_BRIDGE_KEY,
    imageUrl: `${origin}/icons/icon-192.png`,
    aboutUrl: origin,
    jsBridgeKey: DEV_WALLET_BRIDGE_KEY,
    // A browser-extension-like wallet: the widget talks to it through the JS bridge.
    platforms: ["chrome", "firefox", "safari"] as ("chrome" | "firefox" | "safari")[],
  };
}

/** The object a wallet puts at window[jsBridgeKey].tonconnect. */
export function createDevWalletBridge(deps: DevWalletDeps) {
  let eventId = 0;
  const listeners = new Set<(event: unknown) => void>();
  const info = devWalletInfo(deps.origin);

  const read = (): DevWalletState | null => {
    try {
      const raw = deps.storage.getItem(DEV_WALLET_STORAGE_KEY);
      return raw ? (JSON.parse(raw) as DevWalletState) : null;
    } catch {
      return null;
    }
  };
  const write = (state: DevWalletState) =>
    deps.storage.setItem(DEV_WALLET_STORAGE_KEY, JSON.stringify(state));

  /** The wallet's keys and address, made on first use (each new wallet holds 100 simulated TON). */
  async function wallet(): Promise<DevWalletState> {
    const existing = read();
    if (existing) return existing;
    const { publicKey, secret } = await deps.keys.generate();
    const built = await deps.createWallet(hex(publicKey));
    const state = { ...built, publicKey: hex(publicKey), secret, connected: false };
    write(state);
    return state;
  }

  const deviceInfo = {
    platform: "browser",
    appName: DEV_WALLET_BRIDGE_KEY,
    appVersion: "1.0.0",
    maxProtocolVersion: 2,
    features: ["SendTransaction", { name: "SendTransaction", maxMessages: 4 }],
  };

  const addressItem = (state: DevWalletState) => ({
    name: "ton_addr",
    address: state.address,
    network: deps.network,
    publicKey: state.publicKey,
    walletStateInit: state.stateInit,
  });

  async function proofItem(state: DevWalletState, manifestUrl: string, payload: string) {
    // Like a real wallet: the domain is the manifest's host (with its port).
    const domain = new URL(manifestUrl).host;
    const timestamp = Math.floor(deps.now() / 1000);
    const { workchain, hash } = rawAddressParts(state.address);
    const digest = await tonProofDigestAsync(
      { workchain, addressHash: hash, domain, timestamp, payload },
      deps.sha256,
    );
    const signature = await deps.keys.sign(state.secret, digest);
    return {
      name: "ton_proof",
      proof: {
        timestamp,
        domain: { lengthBytes: new TextEncoder().encode(domain).length, value: domain },
        payload,
        signature: base64(signature),
      },
    };
  }

  async function sendTransaction(request: RpcRequest) {
    const state = read();
    if (!state?.connected) {
      return { error: { code: BAD_REQUEST, message: "Not connected" }, id: request.id };
    }
    let tx: TransactionRequest;
    try {
      tx = JSON.parse(request.params[0] ?? "") as TransactionRequest;
    } catch {
      return { error: { code: BAD_REQUEST, message: "Bad request" }, id: request.id };
    }
    const validUntil = tx.valid_until ?? tx.validUntil;
    if (!Array.isArray(tx.messages) || tx.messages.length === 0) {
      return { error: { code: BAD_REQUEST, message: "No messages" }, id: request.id };
    }
    if (validUntil !== undefined && validUntil * 1000 < deps.now()) {
      return { error: { code: BAD_REQUEST, message: "Request expired" }, id: request.id };
    }
    const transfers = tx.messages.map((m) => ({ to: m.address, amountTon: nanoToTon(m.amount) }));
    if (!(await deps.confirm({ from: state.address, transfers }))) {
      return {
        error: { code: USER_REJECTS, message: "User declined the transaction" },
        id: request.id,
      };
    }
    try {
      let hash = "";
      for (const [i, message] of tx.messages.entries()) {
        const sent = await deps.transfer({
          from: state.address,
          to: message.address,
          amountTon: transfers[i]?.amountTon ?? "0",
          ...(message.payload ? { payload: message.payload } : {}),
        });
        hash = sent.hash;
      }
      // Any string stands for the BoC here: the shop watches the chain, not this answer.
      return { result: hash, id: request.id };
    } catch (error) {
      return { error: { code: UNKNOWN_ERROR, message: String(error) }, id: request.id };
    }
  }

  function setConnected(connected: boolean) {
    const state = read();
    if (state) write({ ...state, connected });
  }

  return {
    deviceInfo,
    walletInfo: {
      name: info.name,
      app_name: info.appName,
      image: info.imageUrl,
      about_url: info.aboutUrl,
      platforms: info.platforms,
    },
    protocolVersion: 2,
    isWalletBrowser: false,

    async connect(protocolVersion: number, request: ConnectRequest) {
      const id = ++eventId;
      if (protocolVersion > 2) {
        return { event: "connect_error", id, payload: { code: BAD_REQUEST, message: "Version" } };
      }
      try {
        const state = await wallet();
        const items: unknown[] = [addressItem(state)];
        const proof = request.items.find((item) => item.name === "ton_proof");
        if (proof && "payload" in proof) {
          items.push(await proofItem(state, request.manifestUrl, proof.payload));
        }
        setConnected(true);
        return { event: "connect", id, payload: { items, device: deviceInfo } };
      } catch (error) {
        return {
          event: "connect_error",
          id,
          payload: { code: UNKNOWN_ERROR, message: String(error) },
        };
      }
    },

    async restoreConnection() {
      const id = ++eventId;
      const state = read();
      if (!state?.connected) return { event: "disconnect", id, payload: {} };
      return { event: "connect", id, payload: { items: [addressItem(state)], device: deviceInfo } };
    },

    async send(request: RpcRequest) {
      if (request.method === "sendTransaction") return sendTransaction(request);
      if (request.method === "disconnect") {
        setConnected(false);
        return { result: {}, id: request.id };
      }
      return {
        error: { code: METHOD_NOT_SUPPORTED, message: "Method not supported" },
        id: request.id,
      };
    },

    listen(callback: (event: unknown) => void) {
      listeners.add(callback);
      return () => listeners.delete(callback);
    },

    disconnect() {
      setConnected(false);
    },
  };
}

export type DevWalletBridge = ReturnType<typeof createDevWalletBridge>;

/** Reads the stored dev wallet (its address for the balance), without creating one. */
export function storedDevWallet(storage: Pick<Storage, "getItem">): DevWalletState | null {
  try {
    const raw = storage.getItem(DEV_WALLET_STORAGE_KEY);
    return raw ? (JSON.parse(raw) as DevWalletState) : null;
  } catch {
    return null;
  }
}
