import {
  EXPORT_FORMAT,
  EXPORT_SECTION_MAX_ROWS,
  formatNano,
  type Me,
  type UserExport,
} from "@fre/shared";
import type { Db, Tx } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { AppError } from "../../lib/errors.ts";
import { getMyKyc, type KycDeps } from "../kyc/kyc.service.ts";
import { userLedgerEntries } from "../ledger/ledger-reads.ts";
import {
  exportBonusCodes,
  exportBoosts,
  exportGameBets,
  exportGameSeeds,
  exportLevelValidations,
  exportLoginSessions,
  exportMiningSessions,
  exportNotifications,
  exportPacks,
  exportProfile,
  exportPushSubscriptions,
  exportReferees,
  exportShopOrders,
  exportShopPayments,
  exportSupport,
  exportTonWallet,
  exportWithdrawals,
} from "./users-export.repo.ts";

export interface UserExportDeps {
  db: Db;
  clock: Clock;
  /** The KYC module opens the sealed identity fields for their owner (photos never leave it). */
  kyc: Pick<KycDeps, "db" | "cipher">;
  /** Rows kept per capped section (ledger, bets, notifications); EXPORT_SECTION_MAX_ROWS. */
  sectionMaxRows?: number;
}

/** The newest `max` of rows read newest first (at most `max + 1`), put back in time order. */
function capped<T>(newestFirst: T[], max: number) {
  const truncated = newestFirst.length > max;
  return { rows: newestFirst.slice(0, max).reverse(), truncated };
}

const iso = (value: Date) => value.toISOString();
const isoOrNull = (value: Date | null) => value?.toISOString() ?? null;

/** The push service's host only: the endpoint's path is a capability to push to the device. */
function hostOf(endpoint: string) {
  try {
    return new URL(endpoint).host;
  } catch {
    return "";
  }
}

/** A step of the identity check as typed, every value as text. */
function typedFields(step: object | null): Record<string, string> | null {
  if (!step) return null;
  return Object.fromEntries(Object.entries(step).map(([key, value]) => [key, String(value)]));
}

async function kycSection(
  deps: UserExportDeps,
  tx: Tx,
  userId: string,
): Promise<UserExport["kyc"]> {
  // getMyKyc reads the caller's own row only; it needs nothing but the database and the cipher.
  // Its reads take the export's transaction (a transaction answers every read a database does).
  const state = await getMyKyc({ ...deps.kyc, db: tx as unknown as Db } as KycDeps, userId);
  if (state.status === "none") return null;
  return {
    status: state.status,
    identity: typedFields(state.draft.identity),
    address: typedFields(state.draft.address),
    document: typedFields(state.draft.document),
    files: state.draft.files.map((file) => ({ kind: file.slot })),
    submittedAt: state.submittedAt,
    reviewedAt: state.reviewedAt,
    rejectionReason: state.rejectionReason,
  };
}

/** Every section's rows, read in one transaction (see buildUserExport). */
async function readSections(deps: UserExportDeps, tx: Tx, userId: string, max: number) {
  const profile = await exportProfile(tx, userId);
  if (!profile) throw new AppError("UNAUTHORIZED", 401);
  // One after the other: a transaction is one connection, and one export must not take more.
  const orders = await exportShopOrders(tx, userId);
  return {
    profile,
    loginSessions: await exportLoginSessions(tx, userId),
    mining: await exportMiningSessions(tx, userId),
    boosts: await exportBoosts(tx, userId),
    ledger: capped(await userLedgerEntries(tx, userId, {}, max + 1), max),
    referees: await exportReferees(tx, userId),
    codes: await exportBonusCodes(tx, userId),
    levels: await exportLevelValidations(tx, userId),
    notices: capped(await exportNotifications(tx, userId, max + 1), max),
    support: await exportSupport(tx, userId),
    kyc: await kycSection(deps, tx, userId),
    wallet: await exportTonWallet(tx, userId),
    orders,
    payments: await exportShopPayments(
      tx,
      orders.map((order) => order.id),
    ),
    packs: await exportPacks(tx, userId),
    payouts: await exportWithdrawals(tx, userId),
    bets: capped(await exportGameBets(tx, userId, max + 1), max),
    seeds: await exportGameSeeds(tx, userId),
    devices: await exportPushSubscriptions(tx, userId),
  };
}

/**
 * `GET /api/me/export`: everything FRE holds about the caller (GDPR art. 15 and 20), each table
 * read by their id. Operator records (the audit log, KYC document views) are not theirs to take.
 * Every read runs in one read-only REPEATABLE READ transaction: one snapshot, so the sections
 * agree with each other (a bet and its ledger rows, the balance and the ledger) whatever commits
 * meanwhile. The sections that grow without bound keep their newest `sectionMaxRows` rows.
 */
export async function buildUserExport(deps: UserExportDeps, userId: string): Promise<UserExport> {
  const max = deps.sectionMaxRows ?? EXPORT_SECTION_MAX_ROWS;
  const {
    profile,
    loginSessions,
    mining,
    boosts,
    ledger,
    referees,
    codes,
    levels,
    notices,
    support,
    kyc,
    wallet,
    orders,
    payments,
    packs,
    payouts,
    bets,
    seeds,
    devices,
  } = await deps.db.transaction((tx) => readSections(deps, tx, userId, max), {
    isolationLevel: "repeatable read",
    accessMode: "read only",
  });
  const { referrerNickname, ...me } = profile;
  return {
    format: EXPORT_FORMAT,
    generatedAt: iso(deps.clock.now()),
    sectionMaxRows: max,
    truncated: {
      ledger: ledger.truncated,
      gameBets: bets.truncated,
      notifications: notices.truncated,
    },
    profile: {
      ...me,
      language: me.language as Me["language"],
      balance: formatNano(me.balance),
      totalMined: formatNano(me.totalMined),
      createdAt: iso(me.createdAt),
      updatedAt: iso(me.updatedAt),
    },
    loginSessions: loginSessions.map((s) => ({
      ...s,
      createdAt: iso(s.createdAt),
      expiresAt: iso(s.expiresAt),
    })),
    miningSessions: mining.map((s) => ({
      id: s.id,
      status: s.status,
      startTime: iso(s.startTime),
      endTime: iso(s.endTime),
      baseRatePerHour: formatNano(s.baseRateNano),
      ratePerHour: formatNano(s.rateNano),
      credited: s.creditedNano === null ? null : formatNano(s.creditedNano),
      claimedAt: isoOrNull(s.claimedAt),
      endedAt: isoOrNull(s.endedAt),
    })),
    boosts: boosts.map((b) => ({
      ratePerHour: formatNano(b.valueNano),
      source: b.source,
      appliedAt: iso(b.appliedAt),
      expiresAt: iso(b.expiresAt),
    })),
    ledger: ledger.rows.map((e) => ({
      id: e.id,
      kind: e.kind,
      amount: formatNano(e.amountNano),
      reference: e.reference,
      createdAt: iso(e.createdAt),
    })),
    referrals: {
      referrer: referrerNickname === null ? null : { nickname: referrerNickname },
      referees: referees.map((r) => ({ nickname: r.nickname, joinedAt: iso(r.joinedAt) })),
    },
    // A code's value is nFRE (fre), nFRE/h (boost) or milliseconds (time_reduction): kept raw.
    bonusCodes: codes.map((c) => ({
      code: c.code,
      type: c.type,
      value: c.value.toString(),
      durationHours: c.durationHours,
      usedAt: iso(c.usedAt),
    })),
    levelValidations: levels.map((l) => ({
      level: l.level,
      reward: formatNano(l.rewardNano),
      validatedAt: iso(l.validatedAt),
    })),
    notifications: notices.rows.map((n) => ({ ...n, createdAt: iso(n.createdAt) })),
    supportTickets: support.tickets.map((ticket) => ({
      ...ticket,
      createdAt: iso(ticket.createdAt),
      updatedAt: iso(ticket.updatedAt),
      messages: support.messages
        .filter((m) => m.ticketId === ticket.id)
        .map((m) => ({ author: m.author, body: m.body, createdAt: iso(m.createdAt) })),
    })),
    kyc,
    tonWallet: wallet ? { ...wallet, linkedAt: iso(wallet.linkedAt) } : null,
    shopOrders: orders.map((o) => ({
      id: o.id,
      itemId: o.itemId,
      priceTon: formatNano(o.priceNano),
      receivedTon: formatNano(o.receivedNano),
      status: o.status,
      txHash: o.txHash,
      createdAt: iso(o.createdAt),
      expiresAt: iso(o.expiresAt),
      paidAt: isoOrNull(o.paidAt),
    })),
    shopPayments: payments.map((p) => ({
      txHash: p.txHash,
      orderId: p.orderId,
      source: p.source,
      amountTon: formatNano(p.amountNano),
      outcome: p.outcome,
      resolution: p.resolution,
      receivedAt: iso(p.receivedAt),
    })),
    packs: packs.map((p) => ({
      itemId: p.itemId,
      ratePerHour: formatNano(p.rateBonusNano),
      grantedAt: iso(p.grantedAt),
    })),
    withdrawals: payouts.map((w) => ({
      id: w.id,
      amount: formatNano(w.amountNano),
      walletAddress: w.walletAddress,
      network: w.network,
      status: w.status,
      reason: w.reason,
      txHash: w.txHash,
      createdAt: iso(w.createdAt),
      completedAt: isoOrNull(w.completedAt),
    })),
    gameBets: bets.rows.map((b) => ({
      id: b.id,
      game: b.game,
      amount: formatNano(b.amountNano),
      multiplier: b.multiplier,
      payout: formatNano(b.payoutNano),
      status: b.status,
      clientSeed: b.clientSeed,
      nonce: b.nonce,
      options: b.options,
      outcome: b.outcome,
      createdAt: iso(b.createdAt),
      settledAt: isoOrNull(b.settledAt),
    })),
    gameSeeds: seeds.map((s) => ({
      serverSeedHash: s.serverSeedHash,
      // The seed in use stays secret until rotated: showing it would let a player foresee rounds.
      serverSeed: s.revealedAt ? s.serverSeed : null,
      clientSeed: s.clientSeed,
      nonce: s.nonce,
      createdAt: iso(s.createdAt),
      revealedAt: isoOrNull(s.revealedAt),
    })),
    pushSubscriptions: devices.map((d) => ({
      endpointHost: hostOf(d.endpoint),
      createdAt: iso(d.createdAt),
    })),
  };
}
