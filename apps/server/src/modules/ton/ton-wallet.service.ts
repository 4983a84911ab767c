import { randomBytes } from "node:crypto";
import { type LinkTonWalletBody, TON_PROOF_TTL_SECONDS, type TonWallet } from "@fre/shared";
import type { Db, Tx } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { AppError } from "../../lib/errors.ts";
import { formatFriendlyAddress, parseTonAddress, type TonNetwork } from "./address.ts";
import type { Chain } from "./chain.ts";
import { type TonProofFailure, verifyTonProof } from "./ton-proof.ts";
import {
  consumePayload,
  deleteWallet,
  findWallet,
  insertPayload,
  lockUser,
  lockWallet,
  pruneUserPayloads,
  type TonWalletRow,
  upsertWallet,
} from "./ton-wallet.repo.ts";

export interface TonWalletDeps {
  db: Db;
  clock: Clock;
  chain: Pick<Chain, "getPublicKey">;
  /** Hosts a proof may be signed for: PUBLIC_URL's host (with its port, as wallets write it). */
  allowedDomains: readonly string[];
  /** The network wallets must prove they are on (TON_NETWORK): "-239" mainnet, "-3" testnet. */
  network: TonNetwork;
  /**
   * Whether a withdrawal to this user's wallet is pending or being paid (the withdrawals module's
   * answer, given by the composition root: that module already depends on this one).
   */
  hasOpenWithdrawal: (tx: Tx, userId: string) => Promise<boolean>;
}

/**
 * The reason keys of TON_PROOF_INVALID's translated message. A proof for another network or from
 * a wallet off the basechain is sound but not one FRE takes: "the wallet is not recognised".
 */
const REASON: Record<TonProofFailure | "payload" | "network" | "workchain", string> = {
  malformed_input: "malformed",
  foreign_domain: "domain",
  timestamp_expired: "expired",
  timestamp_in_future: "expired",
  address_mismatch: "address",
  public_key_mismatch: "key",
  unknown_wallet: "contract",
  bad_signature: "signature",
  payload: "payload",
  network: "contract",
  workchain: "contract",
};

const refused = (reason: keyof typeof REASON) =>
  new AppError("TON_PROOF_INVALID", undefined, { reason: REASON[reason] });

export function walletView(row: TonWalletRow): TonWallet {
  return {
    address: row.address,
    friendlyAddress: formatFriendlyAddress(row.address, { network: row.network }),
    network: row.network,
    linkedAt: row.linkedAt.toISOString(),
  };
}

/** A fresh challenge for the wallet to sign: random, bound to this user, single use, 15 min. */
export async function issueProofPayload(deps: TonWalletDeps, userId: string) {
  const now = deps.clock.now();
  await pruneUserPayloads(deps.db, userId, now);
  const payload = randomBytes(32).toString("hex");
  const expiresAt = new Date(now.getTime() + TON_PROOF_TTL_SECONDS * 1000);
  await insertPayload(deps.db, { payload, userId, expiresAt });
  return { payload, expiresAt: expiresAt.toISOString() };
}

/**
 * Links the wallet whose ton_proof checks out (signature, our domain, fresh, key ↔ address) and
 * whose challenge is this user's, unused and unexpired — spent in the link's transaction, so a
 * replayed proof links nothing. Only a basechain wallet on this server's network is taken.
 */
export async function linkWallet(deps: TonWalletDeps, userId: string, body: LinkTonWalletBody) {
  // The network is not part of the signed message: nothing but this check keeps a mainnet
  // wallet off a testnet server (and its address shown with the wrong network's flags).
  if (body.network !== deps.network) throw refused("network");
  const now = deps.clock.now();
  const verdict = await verifyTonProof(body, {
    now,
    allowedDomains: deps.allowedDomains,
    maxAgeSeconds: TON_PROOF_TTL_SECONDS,
    getPublicKey: (address) => deps.chain.getPublicKey(address),
  });
  if (!verdict.ok) throw refused(verdict.reason);
  // A state init proves the address's hash, not its workchain: the same wallet also checks out
  // as `-1:<hash>`. Wallets live on the basechain; the masterchain spelling would be a second
  // address for one wallet (the hash is unique in the table as well).
  if (parseTonAddress(verdict.address).workchain !== 0) throw refused("workchain");
  try {
    const row = await deps.db.transaction(async (tx) => {
      // The user row first, as a withdrawal request takes it: a withdrawal being requested now
      // is either committed before the check below or waits for this link.
      await lockUser(tx, userId);
      if (!(await consumePayload(tx, userId, body.proof.payload, now))) throw refused("payload");
      const linked = await lockWallet(tx, userId);
      // An open withdrawal is paid to the address linked when it was asked: another address would
      // show one wallet while the payout goes to the other. Proving the same address again
      // changes nothing the payout depends on, so it stays allowed.
      if (linked?.address !== verdict.address && (await deps.hasOpenWithdrawal(tx, userId))) {
        throw new AppError("WALLET_WITHDRAWAL_ACTIVE");
      }
      return upsertWallet(tx, {
        userId,
        address: verdict.address,
        network: deps.network,
        publicKey: verdict.publicKey,
        linkedAt: now,
      });
    });
    return walletView(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("WALLET_IN_USE");
    throw error;
  }
}

/**
 * Unlinks the wallet, unless a withdrawal to it is pending or processing (409): the user row and
 * then the wallet row are locked in the order a withdrawal request and a link take them, so the
 * two cannot cross (nor deadlock).
 */
export async function unlinkWallet(
  deps: Pick<TonWalletDeps, "db" | "hasOpenWithdrawal">,
  userId: string,
) {
  await deps.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    if (!(await lockWallet(tx, userId))) throw new AppError("NOT_FOUND");
    if (await deps.hasOpenWithdrawal(tx, userId)) throw new AppError("WALLET_WITHDRAWAL_ACTIVE");
    if (!(await deleteWallet(tx, userId))) throw new AppError("NOT_FOUND");
  });
}

/**
 * Locks the user's linked wallet until the transaction ends (a withdrawal request, so that the
 * wallet cannot be unlinked under it); null when none is linked.
 */
export const lockLinkedWallet = (tx: Tx, userId: string) => lockWallet(tx, userId);

export async function myWallet(db: Db, userId: string) {
  const row = await findWallet(db, userId);
  return row ? walletView(row) : null;
}
