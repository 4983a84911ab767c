import {
  LOGIN_MAX_ATTEMPTS,
  LOGIN_WINDOW_MS,
  NICKNAME_PATTERN,
  passwordIssues,
  type SignUpBody,
  VERIFICATION_RESEND_COOLDOWN_MS,
} from "@fre/shared";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { AppError } from "../../lib/errors.ts";
import {
  claimVerificationSend,
  clearFailures,
  countRecentFailures,
  emailExists,
  findUserIdByReferralCode,
  nicknameExists,
  pruneFailures,
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

export const loginKeys = (email: string, ip: string) => [
  `email:${email.trim().toLowerCase()}`,
  `ip:${ip}`,
];

/** Refuses a sign-in while the account or the IP has 5 failures inside the last 15 minutes. */
export async function assertLoginAllowed(db: Db, clock: Clock, keys: string[]) {
  const now = clock.now().getTime();
  const since = new Date(now - LOGIN_WINDOW_MS);
  const counts = await countRecentFailures(db, keys, since);
  const locked = counts.filter((c) => c.failures >= LOGIN_MAX_ATTEMPTS);
  if (locked.length === 0) return;
  // The lock lifts when enough failures leave the window; the oldest one leaving is a safe bound.
  const until = Math.max(...locked.map((c) => c.oldest.getTime() + LOGIN_WINDOW_MS));
  const retryAfter = Math.max(1, Math.ceil((until - now) / 1000));
  throw new AppError(
    "TOO_MANY_ATTEMPTS",
    429,
    { minutes: Math.ceil(retryAfter / 60) },
    { retryAfter },
  );
}

export async function recordLoginFailure(db: Db, clock: Clock, keys: string[]) {
  const now = clock.now();
  await recordFailures(db, keys, now);
  await pruneFailures(db, new Date(now.getTime() - 2 * LOGIN_WINDOW_MS));
}

/** A success clears the account's (or admin's) failures; the IP's stay until the window ends. */
export async function recordLoginSuccess(db: Db, keys: string[]) {
  for (const key of keys.filter((k) => !k.startsWith("ip:"))) await clearFailures(db, key);
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
