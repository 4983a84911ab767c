import {
  ADMIN_USER_SEARCH_LIMIT,
  type AdminUserSearch,
  type AdminUserSearchHit,
} from "@fre/shared";
import type { Db } from "../../db/client.ts";
import { tryParseTonAddress } from "../ton/address.ts";
import { toHex } from "../ton/bytes.ts";
import {
  byEmailPrefix,
  byNicknamePrefix,
  byTelegramPrefix,
  byUserId,
  byWalletHash,
  type SearchHitRow,
} from "./admin-user-search.repo.ts";

const ACCOUNT_HASH = /^[0-9a-fA-F]{64}$/;

/** The account hash (64 lower-case hex) of a whole wallet address typed in any form, or null. */
function walletHashOf(text: string): string | null {
  if (ACCOUNT_HASH.test(text)) return text.toLowerCase();
  const parsed = tryParseTonAddress(text);
  return parsed ? toHex(parsed.hash) : null;
}

/**
 * The console's quick search (decision 0057): each kind of match is its own indexed query, at most
 * ten rows each, run together; the answers are merged best first (the exact id, the wallet, then
 * the e-mail, nickname and Telegram prefixes, each newest first), one line per account.
 */
export async function quickSearchUsers(db: Db, q: string): Promise<AdminUserSearch> {
  const limit = ADMIN_USER_SEARCH_LIMIT;
  const handle = q.startsWith("@") ? q.slice(1) : q;
  const walletHash = walletHashOf(q);
  const empty = Promise.resolve([] as SearchHitRow[]);
  const groups: [AdminUserSearchHit["matchedBy"], Promise<SearchHitRow[]>][] = [
    ["id", byUserId(db, q)],
    ["wallet", walletHash ? byWalletHash(db, walletHash) : empty],
    ["email", q.startsWith("@") ? empty : byEmailPrefix(db, q, limit)],
    ["nickname", handle ? byNicknamePrefix(db, handle, limit) : empty],
    ["telegram", handle ? byTelegramPrefix(db, handle, limit) : empty],
  ];
  const answers = await Promise.all(groups.map(([, rows]) => rows));
  const seen = new Set<string>();
  const items: AdminUserSearchHit[] = [];
  groups.forEach(([matchedBy], index) => {
    for (const row of answers[index] ?? []) {
      if (items.length >= limit || seen.has(row.id)) continue;
      seen.add(row.id);
      items.push({
        id: row.id,
        nickname: row.nickname,
        email: row.email,
        telegramUsername: row.telegramUsername,
        walletAddress: row.walletAddress,
        erased: row.erasedAt !== null,
        matchedBy,
      });
    }
  });
  return { items };
}
