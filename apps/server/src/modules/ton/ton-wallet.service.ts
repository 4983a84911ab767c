import { randomBytes } from "node:crypto";
import { type LinkTonWalletBody, TON_PROOF_TTL_SECONDS, type TonWallet } from "@fre/shared";
import type { Db, Tx } from "../../db/client.ts";
import type { tonWallets } from "../../db/schema/index.ts";
import type { Clock } from "../../lib/clock.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { AppError } from "../../lib/errors.ts";
import { formatFriendlyAddress } from "./address.ts";
import type { Chain } from "./chain.ts";
import { type TonProofFailure, verifyTonProof } from "./ton-proof.ts";
import {
  consumePayload,
  deleteWallet,
  findWallet,
  insertPayload,
  lockWallet,
  pruneUserPayloads,
  upsertWallet,
} from "./ton-wallet.repo.ts";

export interface TonWalletDeps {
  db: Db;
  clock: Clock;
  chain: Pick<Chain, "getPublicKey">;
  /** Hosts a proof may be signed for: PUBLIC_URL's host (with its port, as wallets write it). */
  allowedDomains: readonly string[];
  /**
   * Whether a withdrawal to this user's wallet is pending or being paid (the withdrawals module's
   * answer, given by the composition root: that module already depends on this one).
   */
  hasOpenWithdrawal: (tx: Tx, userId: string) => Promise<boolean>;
}

/** The reason keys of TON_PROOF_INVALID's translated message. */
const REASON: Record<TonProofFailure | "payload", string> = {
  malformed_input: "malformed",
  foreign_domain: "domain",
  timestamp_expired: "expired",
  timestamp_in_future: "expired",
  address_mismatch: "address",
  public_key_mismatch: "key",
  unknown_wallet: "contract",
  bad_signature: "signature",
  payload: "payload",
};

const refused = (reason: TonProofFailure | "payload") =>
  new AppError("TON_PROOF_INVALID", undefined, { reason: REASON[reason] });

export function walletView(row: typeof tonWallets.$inferSelect): TonWallet {
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
 * replayed proof links nothing.
 */
export async function linkWallet(deps: TonWalletDeps, userId: string, body: LinkTonWalletBody) {
  const now = deps.clock.now();
  const verdict = await verifyTonProof(body, {
    now,
    allowedDomains: deps.allowedDomains,
    maxAgeSeconds: TON_PROOF_TTL_SECONDS,
    getPublicKey: (address) => deps.chain.getPublicKey(address),
  });
  if (!verdict.ok) throw refused(verdict.reason);
  try {
    const row = await deps.db.transaction(async (tx) => {
      if (!(await consumePayload(tx, userId, body.proof.payload, now))) throw refused("payload");
      return upsertWallet(tx, {
        userId,
        address: verdict.address,
        network: body.network,
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
 * Unlinks the wallet, unless a withdrawal to it is pending or processing (409): the wallet row is
 * locked first, as a withdrawal request locks it, so the two cannot cross.
 */
export async function unlinkWallet(
  deps: Pick<TonWalletDeps, "db" | "hasOpenWithdrawal">,
  userId: string,
) {
  await deps.db.transaction(async (tx) => {
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
