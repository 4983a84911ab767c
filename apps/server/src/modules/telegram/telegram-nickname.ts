import { randomInt } from "node:crypto";
import { isTakeableNickname, NICKNAME_MAX_LENGTH } from "@fre/shared";

/** Letters, digits, `_`, `.` and `-` of a Telegram name, as the nickname rules allow them. */
function usable(name: string | null): string {
  return (name ?? "")
    .normalize("NFC")
    .replace(/[^\p{L}\p{N}_.-]/gu, "")
    .slice(0, NICKNAME_MAX_LENGTH);
}

/**
 * Nicknames to try for a new account, best first: the Telegram username, else the first name
 * (padded to the 3-character minimum), then the same with a random number, then a neutral one.
 * Every candidate passes the nickname rules; the caller keeps the first one nobody has.
 */
export function nicknameCandidates(username: string | null, firstName: string): string[] {
  let base = usable(username) || usable(firstName);
  if (base.length < 3) base = `tg-${base}`.slice(0, NICKNAME_MAX_LENGTH);
  if (base.length < 3) base = "tg-user";
  const numbered = () => `${base.slice(0, NICKNAME_MAX_LENGTH - 5)}-${randomInt(1000, 10000)}`;
  const candidates = [base, ...Array.from({ length: 8 }, numbered)];
  candidates.push(`tg-${randomInt(10 ** 9, 10 ** 10)}`);
  return candidates.filter(isTakeableNickname);
}
