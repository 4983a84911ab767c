import { and, desc, eq, isNotNull, like, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { telegramAccounts, tonWallets, users } from "../../db/schema/index.ts";

const hitColumns = {
  id: users.id,
  nickname: users.nickname,
  email: users.email,
  telegramUsername: users.telegramUsername,
  walletAddress: tonWallets.address,
  erasedAt: users.erasedAt,
  createdAt: users.createdAt,
};

export type SearchHitRow = {
  id: string;
  nickname: string;
  email: string;
  telegramUsername: string | null;
  walletAddress: string | null;
  erasedAt: Date | null;
  createdAt: Date;
};

/** `%`, `_` and `\` typed by the admin are letters, not patterns. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function hits(db: Db, where: SQL | undefined, limit: number) {
  return db
    .select(hitColumns)
    .from(users)
    .leftJoin(tonWallets, eq(tonWallets.userId, users.id))
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit);
}

/** The account with this id (the primary key). */
export const byUserId = (db: Db, id: string) => hits(db, eq(users.id, id), 1);

/**
 * The account whose wallet has this account hash (64 hex): along `ton_wallets_address_hash_key`,
 * whatever the workchain the wallet was linked with.
 */
export const byWalletHash = (db: Db, hashHex: string) =>
  hits(db, sql`split_part(${tonWallets.address}, ':', 2) = ${hashHex}`, 1);

/** E-mails starting with `prefix` (any case), along `users_email_prefix_idx`. */
export const byEmailPrefix = (db: Db, prefix: string, limit: number) =>
  hits(db, like(sql`lower(${users.email})`, `${escapeLike(prefix.toLowerCase())}%`), limit);

/** Nicknames starting with `prefix` (any case), along `users_nickname_prefix_idx`. */
export const byNicknamePrefix = (db: Db, prefix: string, limit: number) =>
  hits(db, like(sql`lower(${users.nickname})`, `${escapeLike(prefix.toLowerCase())}%`), limit);

/**
 * Telegram usernames starting with `prefix` (any case). Only an account linked to Telegram has
 * one (telegram.repo writes it with the link; an erasure clears both), so the scan starts from
 * `telegram_accounts` and reaches `users` by its key: it reads the linked accounts only, not
 * every user, and needs no index of its own (decision 0057).
 */
export const byTelegramPrefix = (db: Db, prefix: string, limit: number) =>
  db
    .select(hitColumns)
    .from(telegramAccounts)
    .innerJoin(users, eq(users.id, telegramAccounts.userId))
    .leftJoin(tonWallets, eq(tonWallets.userId, users.id))
    .where(
      and(
        isNotNull(users.telegramUsername),
        like(sql`lower(${users.telegramUsername})`, `${escapeLike(prefix.toLowerCase())}%`),
      ),
    )
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit);
