import { randomBytes } from "node:crypto";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import {
  simChainAccounts,
  simChainJettons,
  simChainPayouts,
  simChainTransactions,
} from "../../db/schema/index.ts";
import type { Clock } from "../../lib/clock.ts";
import { isCheckViolation } from "../../lib/db-errors.ts";
import { AppError } from "../../lib/errors.ts";
import { tryParseTonAddress } from "../../modules/ton/address.ts";
import type {
  IncomingTransfer,
  PayoutRequest,
  SimulatedAccount,
  SimulatedChain,
  SimulatedTransferRequest,
} from "../../modules/ton/chain.ts";
import {
  PayoutConflictError,
  PayoutRejectedError,
  SimulatedFundsError,
  UnknownPayoutError,
} from "../../modules/ton/chain-errors.ts";
import { proofNotAvailable } from "./chain-requests.ts";

/** The shop's receive address on the simulated chain (any fixed address would do). */
export const SIMULATED_SHOP_ADDRESS =
  "0:5f0e3b1bd0c4a5c0a1f0a3b8e6f3c2d1e4b5a6978877665544332211f0e1d2c3";

/** What an account the simulated chain has never seen starts with: any test wallet can pay. */
export const SIMULATED_STARTING_BALANCE_NANO = 100_000_000_000n;
const TON = "TON";

/** An address from a request: a checksum or format error is the caller's 400, not a 500. */
function toRawAddress(address: string) {
  const parsed = tryParseTonAddress(address);
  if (!parsed) throw new AppError("VALIDATION_ERROR");
  return parsed.raw;
}

async function ensureAccount(tx: Tx, address: string, at: Date) {
  await tx
    .insert(simChainAccounts)
    .values({ address, balanceNano: SIMULATED_STARTING_BALANCE_NANO, createdAt: at })
    .onConflictDoNothing();
}

async function moveTon(tx: Tx, from: string, to: string, amountNano: bigint) {
  await tx
    .update(simChainAccounts)
    .set({ balanceNano: sql`${simChainAccounts.balanceNano} - ${amountNano}` })
    .where(eq(simChainAccounts.address, from));
  await tx
    .update(simChainAccounts)
    .set({ balanceNano: sql`${simChainAccounts.balanceNano} + ${amountNano}` })
    .where(eq(simChainAccounts.address, to));
}

async function moveJetton(tx: Tx, symbol: string, from: string, to: string, amountNano: bigint) {
  const [sender] = await tx
    .update(simChainJettons)
    .set({ amountNano: sql`${simChainJettons.amountNano} - ${amountNano}` })
    .where(and(eq(simChainJettons.address, from), eq(simChainJettons.symbol, symbol)))
    .returning({ amountNano: simChainJettons.amountNano });
  if (!sender) throw new SimulatedFundsError();
  await tx
    .insert(simChainJettons)
    .values({ address: to, symbol, amountNano })
    .onConflictDoUpdate({
      target: [simChainJettons.address, simChainJettons.symbol],
      set: { amountNano: sql`${simChainJettons.amountNano} + ${amountNano}` },
    });
}

/** Moves TON (or a jetton) between two accounts, creating them on first sight. */
async function transfer(
  db: Db,
  request: SimulatedTransferRequest,
  at: Date,
): Promise<{ hash: string; lt: string }> {
  const from = toRawAddress(request.from);
  const to = toRawAddress(request.to);
  const asset = request.asset ?? TON;
  if (request.amountNano <= 0n) throw new RangeError("amount must be positive");
  try {
    return await db.transaction(async (tx) => {
      await ensureAccount(tx, from, at);
      await ensureAccount(tx, to, at);
      if (asset === TON) await moveTon(tx, from, to, request.amountNano);
      else await moveJetton(tx, asset, from, to, request.amountNano);
      const [row] = await tx
        .insert(simChainTransactions)
        .values({
          hash: randomBytes(32).toString("hex"),
          source: from,
          destination: to,
          asset,
          amountNano: request.amountNano,
          comment: request.comment ?? null,
          createdAt: at,
        })
        .returning({ hash: simChainTransactions.hash, lt: simChainTransactions.lt });
      return { hash: row!.hash, lt: row!.lt.toString() };
    });
  } catch (error) {
    if (isCheckViolation(error)) throw new SimulatedFundsError();
    throw error;
  }
}

/** An account's TON and jetton balances (the starting balance for one never seen). */
async function account(db: Db, input: string): Promise<SimulatedAccount> {
  const address = toRawAddress(input);
  const [row] = await db
    .select({ balanceNano: simChainAccounts.balanceNano })
    .from(simChainAccounts)
    .where(eq(simChainAccounts.address, address));
  const jettons = await db
    .select({ symbol: simChainJettons.symbol, amountNano: simChainJettons.amountNano })
    .from(simChainJettons)
    .where(eq(simChainJettons.address, address));
  return {
    address,
    balanceNano: row?.balanceNano ?? SIMULATED_STARTING_BALANCE_NANO,
    jettons: Object.fromEntries(jettons.map((j) => [j.symbol, j.amountNano])),
  };
}

/** The payments the simulated chain holds for `address`, read as the Chain interface reads them. */
export async function simulatedIncomingTransfers(
  db: Db,
  address: string,
  sinceCursor: string | null,
  pageSize: number,
): Promise<{ transfers: IncomingTransfer[]; cursor: string | null }> {
  if (sinceCursor !== null && !/^\d{1,20}$/.test(sinceCursor)) {
    throw new TypeError(`Invalid chain cursor: ${sinceCursor}`);
  }
  const after = sinceCursor === null ? 0n : BigInt(sinceCursor);
  const rows = await db
    .select()
    .from(simChainTransactions)
    .where(and(eq(simChainTransactions.destination, address), gt(simChainTransactions.lt, after)))
    .orderBy(asc(simChainTransactions.lt))
    .limit(pageSize);
  const transfers = rows
    .filter((row) => row.asset === TON)
    .map((row) => ({
      txHash: row.hash,
      from: row.source,
      amountNano: row.amountNano,
      comment: row.comment,
      at: row.createdAt,
      lt: row.lt.toString(),
    }));
  return { transfers, cursor: rows.at(-1)?.lt.toString() ?? sinceCursor };
}

/** The hot wallet FRE payouts come from on the simulated chain (it mints what it sends). */
export const SIMULATED_HOT_WALLET_ADDRESS =
  "0:4f52452d484f542d57414c4c45542d53494d554c415445442d5041594f555400";
/** The jetton symbol withdrawals pay in. */
export const FRE_JETTON_SYMBOL = "FRE";

/**
 * A FRE payout on the simulated chain, once per reference, in one database transaction: the
 * payout row (its reference is the key: a concurrent or later resend finds it and sends
 * nothing), the jetton credited to the destination, and the transfer in chain order with the
 * reference as its comment. Confirmed at once (there is no block time to wait for).
 */
export async function sendSimulatedPayout(
  db: Db,
  request: PayoutRequest,
  at: Date,
): Promise<{ payoutId: string }> {
  const to = tryParseTonAddress(request.to)?.raw;
  if (!to) throw new PayoutRejectedError("invalid destination address");
  if (request.amountNano <= 0n || request.reference.length === 0) {
    throw new TypeError("a payout needs a positive amount and a reference");
  }
  return db.transaction(async (tx) => {
    const hash = randomBytes(32).toString("hex");
    const [created] = await tx
      .insert(simChainPayouts)
      .values({
        reference: request.reference,
        payoutId: hash,
        destination: to,
        amountNano: request.amountNano,
        createdAt: at,
      })
      .onConflictDoNothing()
      .returning({ payoutId: simChainPayouts.payoutId });
    if (!created) {
      const [first] = await tx
        .select()
        .from(simChainPayouts)
        .where(eq(simChainPayouts.reference, request.reference));
      if (!first) throw new Error("payout reference vanished");
      if (first.destination !== to || first.amountNano !== request.amountNano) {
        throw new PayoutConflictError(request.reference);
      }
      return { payoutId: first.payoutId };
    }
    await ensureAccount(tx, to, at);
    await tx
      .insert(simChainJettons)
      .values({ address: to, symbol: FRE_JETTON_SYMBOL, amountNano: request.amountNano })
      .onConflictDoUpdate({
        target: [simChainJettons.address, simChainJettons.symbol],
        set: { amountNano: sql`${simChainJettons.amountNano} + ${request.amountNano}` },
      });
    await tx.insert(simChainTransactions).values({
      hash,
      source: SIMULATED_HOT_WALLET_ADDRESS,
      destination: to,
      asset: FRE_JETTON_SYMBOL,
      amountNano: request.amountNano,
      comment: request.reference,
      createdAt: at,
    });
    return { payoutId: hash };
  });
}

/**
 * The simulated chain (TON_API_URL=simulated, the embedded default), kept in the database:
 * accounts with TON and jetton balances, transfers in chain order (the `lt` column) with their
 * text comments, and FRE payouts. A restart forgets nothing and never repeats a payout; a
 * payment is read from here exactly as from toncenter. Always reachable; no contract runs on it
 * (wallets prove their key with their state init).
 */
export function simulatedChain({
  db,
  clock,
  shopAddress,
  pageSize = 100,
}: {
  db: Db;
  clock: Clock;
  shopAddress: string;
  pageSize?: number;
}): SimulatedChain {
  const address = toRawAddress(shopAddress);
  return {
    kind: "simulated",
    ping: async () => {},
    verifyProof: proofNotAvailable,
    getPublicKey: async () => null,
    incomingTransfers: (sinceCursor) =>
      simulatedIncomingTransfers(db, address, sinceCursor, pageSize),
    sendPayout: (request) => sendSimulatedPayout(db, request, clock.now()),
    async payoutStatus(payoutId) {
      const [row] = await db
        .select({ payoutId: simChainPayouts.payoutId })
        .from(simChainPayouts)
        .where(eq(simChainPayouts.payoutId, payoutId));
      if (!row) throw new UnknownPayoutError(payoutId);
      return "confirmed";
    },
    // The payout id is the hash of its jetton transfer.
    payoutTxHash: async (payoutId) => payoutId,
    transfer: (request) => transfer(db, request, clock.now()),
    account: (input) => account(db, input),
  };
}
