import {
  LOGIN_ACCOUNT_FREE_FAILURES,
  LOGIN_ACCOUNT_MAX_DELAY_MS,
  LOGIN_IP_MAX_FAILURES,
  LOGIN_MAX_ATTEMPTS,
  LOGIN_WINDOW_MS,
  NICKNAME_PATTERN,
  passwordIssues,
  type SignUpBody,
  VERIFICATION_RESEND_COOLDOWN_MS,
} from "@fre/shared";
import type { Db } from "../../db/client.ts";
import { clientNetwork } from "../../lib/client-network.ts";
import type { Clock } from "../../lib/clock.ts";
import { AppError } from "../../lib/errors.ts";
import {
  claimVerificationSend,
  clearFailures,
  emailExists,
  findUserIdByReferralCode,
  lockAttemptKeys,
  nicknameExists,
  pruneFailures,
  recentFailureTimes,
  recordFailures,
} from "./auth.repo.ts";

export function assertStrongPassword(password: string) {
  if (passwordIssues(password).length > 0) throw new AppError("WEAK_PASSWORD", 400);
}

/**
 * The checks of spec §5 that run before Better Auth creates the account, in the order a user
 * fixes them. Returns the referrer's id (an unknown code is silently ignored).
 */
export async function checkSignUp(
  db: Db,
  body: SignUpBody,
): Promise<{ referrerId: string | null }> {
  const nickname = body.nickname.trim().normalize("NFC");
  if (nickname.length === 0) throw new AppError("NICKNAME_REQUIRED", 400);
  if (!NICKNAME_PATTERN.test(nickname)) throw new AppError("INVALID_NICKNAME", 400);
  assertStrongPassword(body.password);
  if (await nicknameExists(db, nickname)) throw new AppError("NICKNAME_TAKEN", 409);
  if (await emailExists(db, body.email)) throw new AppError("EMAIL_IN_USE", 409);
  const code = body.referralCode?.trim();
  const referrerId = code ? await findUserIdByReferralCode(db, code) : null;
  return { referrerId };
}

/**
 * One counter an attempt is checked against and counted on. `lock`: refused while `max`
 * failures lie inside the window. `delay`: after `free` failures in the window, each further
 * attempt waits `attemptDelayMs` after the newest one.
 */
export type AttemptRule =
  | { key: string; kind: "lock"; max: number }
  | { key: string; kind: "delay"; free: number };

export interface AttemptGuard {
  rules: AttemptRule[];
  /** Counters a success wipes (the attempt's own reservation is always removed). */
  clearOnSuccess: string[];
}

/**
 * Sign-in (decision 0014): a hard lock per (account, IP) pair, a progressive delay per account
 * across IPs, and a high per-IP ceiling. One IP's failures never lock another account, and an
 * attacker's failures on an account only slow it down from the other IPs.
 */
export function signInGuard(email: string, address: string): AttemptGuard {
  const ip = clientNetwork(address);
  const account = `email:${email.trim().toLowerCase()}`;
  const pair = `pair:${email.trim().toLowerCase()}|${ip}`;
  return {
    // The order is the advisory-lock order (see lockAttemptKeys): keep it the same everywhere.
    rules: [
      { key: `ip:${ip}`, kind: "lock", max: LOGIN_IP_MAX_FAILURES },
      { key: account, kind: "delay", free: LOGIN_ACCOUNT_FREE_FAILURES },
      { key: pair, kind: "lock", max: LOGIN_MAX_ATTEMPTS },
    ],
    clearOnSuccess: [account, pair],
  };
}

/** The admin access code: 5 wrong codes lock the admin's elevation for the window. */
export function accessCodeGuard(userId: string): AttemptGuard {
  const key = `admin:${userId}`;
  return { rules: [{ key, kind: "lock", max: LOGIN_MAX_ATTEMPTS }], clearOnSuccess: [key] };
}

/** The wait after `failures` failures on a `delay` counter: 2^(n − free) s, capped. */
export function attemptDelayMs(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(2 ** (failures - free) * 1000, LOGIN_ACCOUNT_MAX_DELAY_MS);
}

/** Rows worth reading for a `delay` counter: past these the delay is at its cap anyway. */
const DELAY_READ_EXTRA = Math.ceil(Math.log2(LOGIN_ACCOUNT_MAX_DELAY_MS / 1000)) + 1;

/** When the rule lets the next attempt through (epoch ms; ≤ now when it does). */
function allowedFrom(rule: AttemptRule, newestFirst: Date[]): number {
  if (rule.kind === "lock") {
    // Locked until the failure that reached `max` leaves the window.
    const oldestCounted = newestFirst[rule.max - 1];
    return oldestCounted ? oldestCounted.getTime() + LOGIN_WINDOW_MS : 0;
  }
  const newest = newestFirst[0];
  if (!newest) return 0;
  return newest.getTime() + attemptDelayMs(newestFirst.length, rule.free);
}

export function tooManyAttempts(waitMs: number): AppError {
  const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppError(
    "TOO_MANY_ATTEMPTS",
    429,
    {
      unit: retryAfter < 60 ? "second" : "minute",
      seconds: retryAfter,
      minutes: Math.ceil(retryAfter / 60),
    },
    { retryAfter },
  );
}

export type AttemptOutcome = "failure" | "success" | "cancel";

export interface Attempt {
  /**
   * `failure` keeps the reservation as the failure it counted; `success` removes it and clears
   * the guard's `clearOnSuccess` counters; `cancel` (no answer on the secret: a bad request, an
   * unverified address, an error) removes it.
   */
  settle(outcome: AttemptOutcome): Promise<void>;
}

/**
 * Checks every counter and, when all allow it, counts the attempt as a failure on each, in one
 * transaction holding their advisory locks — before the secret is checked. Concurrent attempts
 * therefore see each other: of 20 simultaneous wrong passwords on one account from one IP, 5 are
 * checked and 15 refused. Throws TOO_MANY_ATTEMPTS (429, with the wait) otherwise.
 */
export async function reserveAttempt(db: Db, clock: Clock, guard: AttemptGuard): Promise<Attempt> {
  const now = clock.now();
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const keys = guard.rules.map((rule) => rule.key);
  const reserved = await db.transaction(
    async (tx): Promise<{ ids: number[] } | { waitMs: number }> => {
      await lockAttemptKeys(tx, keys);
      let allowedAt = 0;
      for (const rule of guard.rules) {
        const limit = rule.kind === "lock" ? rule.max : rule.free + DELAY_READ_EXTRA;
        const times = await recentFailureTimes(tx, rule.key, since, limit);
        allowedAt = Math.max(allowedAt, allowedFrom(rule, times));
      }
      if (allowedAt > now.getTime()) return { waitMs: allowedAt - now.getTime() };
      return { ids: await recordFailures(tx, keys, now) };
    },
  );
  if ("waitMs" in reserved) throw tooManyAttempts(reserved.waitMs);
  const { ids } = reserved;
  let settled = false;
  return {
    async settle(outcome) {
      if (settled) return;
      settled = true;
      if (outcome === "failure") {
        await pruneFailures(db, new Date(clock.now().getTime() - 2 * LOGIN_WINDOW_MS));
      } else {
        await clearFailures(db, ids, outcome === "success" ? guard.clearOnSuccess : []);
      }
    },
  };
}

/** Enforces the 60 s resend cooldown atomically (see claimVerificationSend). */
export async function claimVerificationResend(db: Db, clock: Clock, email: string) {
  const now = clock.now();
  const result = await claimVerificationSend(db, email, now, VERIFICATION_RESEND_COOLDOWN_MS);
  if (result.status !== "cooldown") return;
  const retryAfter = Math.max(
    1,
    Math.ceil((result.sentAt.getTime() + VERIFICATION_RESEND_COOLDOWN_MS - now.getTime()) / 1000),
  );
  throw new AppError("VERIFICATION_COOLDOWN", 429, { seconds: retryAfter }, { retryAfter });
}
