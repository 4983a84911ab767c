import { tonProofDigest } from "@fre/shared";
import { tryParseTonAddress } from "./address.ts";
import { utf8 } from "./bytes.ts";
import { ed25519Sign, sha256 } from "./ed25519.ts";
import type { TonProofRequest } from "./ton-proof.ts";

export interface SignTonProofInput {
  /** The wallet's ed25519 secret: 32-byte seed or 64-byte seed ++ public key. */
  secretKey: Uint8Array;
  /** The wallet's address, raw or user-friendly. */
  address: string;
  /** Base64 BOC of the wallet's StateInit, passed through to the proof. */
  stateInit?: string;
  /** The dapp's host, e.g. `localhost:5173`. */
  domain: string;
  /** Unix seconds. */
  timestamp: number;
  payload: string;
}

/**
 * A ton_proof as a wallet answers it (the `proof` of TON Connect's `ton_proof` reply and of the
 * reference backend's body), signed with Node's ed25519. The byte layout is
 * `tonProofDigest`'s, which a browser wallet reuses with its own sha256 and ed25519.
 */
export function signTonProof(input: SignTonProofInput): TonProofRequest["proof"] {
  const address = tryParseTonAddress(input.address);
  if (!address) throw new TypeError("signTonProof needs a TON address");
  const digest = tonProofDigest(
    {
      workchain: address.workchain,
      addressHash: address.hash,
      domain: input.domain,
      timestamp: input.timestamp,
      payload: input.payload,
    },
    sha256,
  );
  return {
    timestamp: input.timestamp,
    domain: { lengthBytes: utf8(input.domain).length, value: input.domain },
    payload: input.payload,
    signature: Buffer.from(ed25519Sign(digest, input.secretKey)).toString("base64"),
    ...(input.stateInit === undefined ? {} : { state_init: input.stateInit }),
  };
}
