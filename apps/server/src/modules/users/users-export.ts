import { EXPORT_FORMAT, formatNano, type Me, type UserExport } from "@fre/shared";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { AppError } from "../../lib/errors.ts";
import { getMyKyc, type KycDeps } from "../kyc/kyc.service.ts";
import {
  exportBonusCodes,
  exportBoosts,
  exportGameBets,
  exportGameSeeds,
  exportLedger,
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

async function kycSection(deps: UserExportDeps, userId: string): Promise<UserExport["kyc"]> {
  // getMyKyc reads the caller's own row only; it needs nothing but the database and the cipher.
  const state = await getMyKyc(deps.kyc as KycDeps, userId);
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

/**
 * `GET /api/me/export`: everything FRE holds about the caller (GDPR art. 15 and 20), each table
 * read by their id. Operator records (the audit log, KYC document views) are not theirs to take.
 */
export async function buildUserExport(deps: UserExportDeps, userId: string): Promise<UserExport> {
  const { db } = deps;
  const profile = await exportProfile(db, userId);
  if (!profile) throw new AppError("UNAUTHORIZED", 401);
  const [
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
    packs,
    payouts,
    bets,
    seeds,
    devices,
  ] = await Promise.all([
    exportLoginSessions(db, userId),
    exportMiningSessions(db, userId),
    exportBoosts(db, userId),
    exportLedger(db, userId),
    exportReferees(db, userId),
    exportBonusCodes(db, userId),
    exportLevelValidations(db, userId),
    exportNotifications(db, userId),
    exportSupport(db, userId),
    kycSection(deps, userId),
    exportTonWallet(db, userId),
    exportShopOrders(db, userId),
    exportPacks(db, userId),
    exportWithdrawals(db, userId),
    exportGameBets(db, userId),
    exportGameSeeds(db, userId),
    exportPushSubscriptions(db, userId),
  ]);
  const payments = await exportShopPayments(
    db,
    orders.map((order) => order.id),
  );
  const { referrerNickname, ...me } = profile;
  return {
    format: EXPORT_FORMAT,
    generatedAt: iso(deps.clock.now()),
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
    ledger: ledger.map((e) => ({
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
    notifications: notices.map((n) => ({ ...n, createdAt: iso(n.createdAt) })),
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
    gameBets: bets.map((b) => ({
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
