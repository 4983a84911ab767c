import {
  isTakeableNickname,
  LOGIN_ACCOUNT_FREE_FAILURES,
  LOGIN_ACCOUNT_MAX_DELAY_MS,
  LOGIN_IP_MAX_FAILURES,
  LOGIN_MAX_ATTEMPTS,
  LOGIN_WINDOW_MS,
  passwordIssues,
  type SignUpBody,
  VERIFICATION_RESEND_COOLDOWN_MS,
} from "@fre/shared";
import type { Db } from "../../db/client.ts";
import { clientNetwork } from "../../lib/client-network.ts";
import type { Clock } from "../../lib/clock.ts";
import { AppError } from "../../lib/errors.ts";
import { rateLimitedError } from "../../lib/user-rate-limit.ts";
import { isSuspended, revokeSessionsOf } from "../users/users.service.ts";
import {
  claimVerificationSend,
  clearFailures,
  emailExists,
  findUserEmailById,
  findUserIdByEmail,
  findUserIdByReferralCode,
  lockAttemptKeys,
  nicknameExists,
  pruneExpiredAuthRows,
  pruneFailures,
  recentFailureTimes,
  recordFailures,
} from "./auth.repo.ts";
import type { DeviceCookies } from "./device-cookie.ts";

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
  if (!isTakeableNickname(nickname)) throw new AppError("INVALID_NICKNAME", 400);
  assertStrongPassword(body.password);
  if (await nicknameExists(db, nickname)) throw new AppError("NICKNAME_TAKEN", 409);
  if (await emailExists(db, body.email)) throw new AppError("EMAIL_IN_USE", 409);
  const code = body.referralCode?.trim();
  const referrerId = code ? await findUserIdByReferralCode(db, code) : null;
  return { referrerId };
}

/**
 * checkSignUp under the network's sign-up limit (SIGN_UP_TAKEN_MAX): an "address in use" answer
 * is counted, any other outcome is not. The count is reserved before the check, as sign-in's, so
 * a burst cannot slip past it.
 */
export async function checkSignUpFrom(
  db: Db,
  clock: Clock,
  address: string,
  body: SignUpBody,
): Promise<{ referrerId: string | null }> {
  return countingEmailInUse(db, clock, signUpGuard(address), () => checkSignUp(db, body));
}

/**
 * Runs `run` under `guard`, whose counters count the answers "address in use" (409
 * EMAIL_IN_USE) only: every route that can give that answer goes through here, with
 * `emailInUseRule` first in its guard, so they share one bound per network (issue 32).
 */
export async function countingEmailInUse<T>(
  db: Db,
  clock: Clock,
  guard: AttemptGuard,
  run: () => Promise<T>,
): Promise<T> {
  const attempt = await reserveAttempt(db, clock, guard);
  try {
    const result = await run();
    await attempt.settle("cancel");
    return result;
  } catch (error) {
    const taken = error instanceof AppError && error.code === "EMAIL_IN_USE";
    await attempt.settle(taken ? "failure" : "cancel");
    throw error;
  }
}

/**
 * The nonce of the device cookie the request holds for the account `email` names (a browser
 * that signed in to it before), or null for a browser unknown to the account.
 */
export async function knownDeviceNonce(
  db: Db,
  devices: DeviceCookies,
  cookieHeader: string | undefined,
  email: string,
): Promise<string | null> {
  if (!devices.hasTokens(cookieHeader)) return null;
  const userId = await findUserIdByEmail(db, email);
  return userId ? devices.knownNonce(cookieHeader, userId) : null;
}

/** Whether `email` is the signed-in user's own address (the only one they may ask a mail for). */
export async function isOwnAddress(db: Db, userId: string, email: string): Promise<boolean> {
  const own = await findUserEmailById(db, userId);
  return own !== null && own.toLowerCase() === email.trim().toLowerCase();
}

/**
 * One counter an attempt is checked against and counted on, over `windowMs` (15 minutes unless
 * given). `lock`: refused while `max` failures lie inside the window. `delay`: after `free`
 * failures in the window, each further attempt waits `attemptDelayMs` after the newest one.
 */
export type AttemptRule =
  | { key: string; kind: "lock"; max: number; windowMs?: number }
  | { key: string; kind: "delay"; free: number; windowMs?: number };

export interface AttemptGuard {
  rules: AttemptRule[];
  /** Counters a success wipes (the attempt's own reservation is always removed). */
  clearOnSuccess: string[];
  /** The error a refused attempt gets, from the wait (TOO_MANY_ATTEMPTS unless given). */
  refusal?: (waitMs: number) => AppError;
}

/**
 * Sign-ups answered "address in use" per network (IPv4 address, IPv6 /64) in an hour, before
 * every sign-up from that network is refused for the rest of the hour. Only those answers count:
 * sign-ups that create an account are never limited, so a carrier NAT (thousands of phones behind
 * one address) or an office signs up as many people as it likes. An honest person meets "in use"
 * once or twice, having forgotten an account; 10 an hour leaves a family room for that while an
 * attacker testing a list learns at most 10 registered addresses an hour per network — and each
 * address he finds free costs him a real account and a confirmation mail to its owner.
 */
export const SIGN_UP_TAKEN_MAX = 10;
export const SIGN_UP_WINDOW_MS = 60 * 60 * 1000;

/**
 * The network's counter of answers "address in use" (see SIGN_UP_TAKEN_MAX), shared by every
 * route giving that answer. First in each guard: an advisory lock is taken per rule position
 * (lockAttemptKeys), so the same position serializes the sign-up's and Telegram's attempts.
 */
export function emailInUseRule(address: string): AttemptRule {
  return {
    key: `signup:${clientNetwork(address)}`,
    kind: "lock",
    max: SIGN_UP_TAKEN_MAX,
    windowMs: SIGN_UP_WINDOW_MS,
  };
}

/** Sign-up (issue 19): see SIGN_UP_TAKEN_MAX. */
export function signUpGuard(address: string): AttemptGuard {
  return { rules: [emailInUseRule(address)], clearOnSuccess: [], refusal: rateLimitedError };
}

/**
 * Sign-in (decision 0014). From a browser unknown to the account: a hard lock per (account, IP)
 * pair, a progressive delay per account across IPs, and a high per-IP ceiling — one IP's failures
 * never lock another account, and an attacker's failures on an account only slow it down from
 * the other IPs. From a browser holding a device cookie for the account (`deviceNonce`): only
 * that cookie's own lock, so no failure elsewhere ever stops the owner's known browsers.
 */
export function signInGuard(
  email: string,
  address: string,
  deviceNonce: string | null = null,
): AttemptGuard {
  if (deviceNonce) {
    const device = `device:${deviceNonce}`;
    return {
      rules: [{ key: device, kind: "lock", max: LOGIN_MAX_ATTEMPTS }],
      clearOnSuccess: [device],
    };
  }
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

/** Failures older than this concern no rule any more (twice the longest window). */
const FAILURE_KEPT_MS = 2 * Math.max(LOGIN_WINDOW_MS, SIGN_UP_WINDOW_MS);

const windowOf = (rule: AttemptRule) => rule.windowMs ?? LOGIN_WINDOW_MS;

/** When the rule lets the next attempt through (epoch ms; ≤ now when it does). */
function allowedFrom(rule: AttemptRule, newestFirst: Date[]): number {
  if (rule.kind === "lock") {
    // Locked until the failure that reached `max` leaves the window.
    const oldestCounted = newestFirst[rule.max - 1];
    return oldestCounted ? oldestCounted.getTime() + windowOf(rule) : 0;
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
  const keys = guard.rules.map((rule) => rule.key);
  const reserved = await db.transaction(
    async (tx): Promise<{ ids: number[] } | { waitMs: number }> => {
      await lockAttemptKeys(tx, keys);
      let allowedAt = 0;
      for (const rule of guard.rules) {
        const since = new Date(now.getTime() - windowOf(rule));
        const limit = rule.kind === "lock" ? rule.max : rule.free + DELAY_READ_EXTRA;
        const times = await recentFailureTimes(tx, rule.key, since, limit);
        allowedAt = Math.max(allowedAt, allowedFrom(rule, times));
      }
      if (allowedAt > now.getTime()) return { waitMs: allowedAt - now.getTime() };
      return { ids: await recordFailures(tx, keys, now) };
    },
  );
  if ("waitMs" in reserved) throw (guard.refusal ?? tooManyAttempts)(reserved.waitMs);
  const { ids } = reserved;
  let settled = false;
  return {
    async settle(outcome) {
      if (settled) return;
      settled = true;
      if (outcome === "failure") {
        await pruneFailures(db, new Date(clock.now().getTime() - FAILURE_KEPT_MS));
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

/**
 * A suspended account may not sign in: its new session is deleted, and 403 ACCOUNT_SUSPENDED,
 * whose message gives the support address to write to without signing in (LEGAL_CONTACT_EMAIL;
 * decision 0063).
 */
export async function refuseSuspended(db: Db, userId: string | null, supportEmail: string) {
  if (!userId || !(await isSuspended(db, userId))) return;
  await revokeSessionsOf(db, userId);
  throw new AppError("ACCOUNT_SUSPENDED", 403, { email: supportEmail });
}

/**
 * The retention sweep (privacy policy, "Durées de conservation"): expired login sessions and
 * verification links are deleted, batch after batch, until none is left.
 */
export async function sweepExpiredAuthRows(db: Db, clock: Clock): Promise<number> {
  let total = 0;
  for (;;) {
    const gone = await pruneExpiredAuthRows(db, clock.now());
    total += gone;
    if (gone === 0) return total;
  }
}
