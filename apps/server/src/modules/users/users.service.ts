import { formatNano, isPlaceholderEmail, type Me, type UpdateMeBody } from "@fre/shared";
import type { Db } from "../../db/client.ts";
import { isLanguage } from "../../i18n/index.ts";
import type { Clock } from "../../lib/clock.ts";
import { AppError } from "../../lib/errors.ts";
import type { Recipient } from "../mail/mail.templates.ts";
import { currentRateNano } from "../mining/mining.service.ts";
import { walletView } from "../ton/ton-wallet.service.ts";
import { anotherAdminRemains, isActiveAdmin } from "./last-admin.repo.ts";
import {
  deleteSessionsOf,
  findMailRecipient,
  findProfile,
  findRole,
  findSuspension,
  updateProfile,
} from "./users.repo.ts";

export async function getMe({ db, clock }: { db: Db; clock: Clock }, userId: string): Promise<Me> {
  const profile = await findProfile(db, userId);
  if (!profile) throw new AppError("UNAUTHORIZED", 401);
  const { wallet, ...fields } = profile;
  return {
    ...fields,
    tonWallet: wallet ? walletView(wallet) : null,
    language: profile.language as Me["language"],
    createdAt: profile.createdAt.toISOString(),
    balance: formatNano(profile.balance),
    totalMined: formatNano(profile.totalMined),
    miningRate: formatNano(await currentRateNano(db, userId, clock.now())),
  };
}

export async function updateMe(
  { db, clock }: { db: Db; clock: Clock },
  userId: string,
  body: UpdateMeBody,
) {
  if (body.language !== undefined || body.cookieConsent !== undefined) {
    await updateProfile(db, userId, body, clock.now());
  }
  return getMe({ db, clock }, userId);
}

/** The user's role ("user" | "admin"), or null for an unknown user: what the admin gate checks. */
export const roleOf = (db: Db, userId: string) => findRole(db, userId);

/** The user as a mail recipient (language checked), or null for an unknown user. */
export async function mailRecipientOf(db: Db, userId: string): Promise<Recipient | null> {
  const row = await findMailRecipient(db, userId);
  // An account opened with Telegram has no address yet: its placeholder is never mailed.
  if (!row || isPlaceholderEmail(row.email)) return null;
  return { ...row, language: isLanguage(row.language) ? row.language : "fr" };
}

/** Whether an admin suspended this account (it may then not sign in). */
export const isSuspended = async (db: Db, userId: string) =>
  (await findSuspension(db, userId)) !== null;

/** Signs the user out everywhere: their session rows go, in the caller's transaction. */
export const revokeSessionsOf = (db: Db, userId: string) => deleteSessionsOf(db, userId);

/** The last-admin guard, for the console's acts on admins (counted under the roster lock). */
export { anotherAdminRemains, isActiveAdmin };
