import {
  HILO_RANKS,
  isDiceTarget,
  NANO_PER_FRE,
  type PlayedResult,
  parseFre,
  parseTypedAmount,
  verifyOptionsOf,
} from "@fre/shared";

/** Bet bounds in FRE (decimal strings) from `GET /api/games`, and the balance if known. */
export interface BetBounds {
  minBet: string;
  maxBet: string;
  balance?: string | undefined;
}

/** 12.500000000 → "12.5": what the amount field shows. */
export function plainAmount(nano: bigint): string {
  const whole = nano / NANO_PER_FRE;
  const fraction = (nano % NANO_PER_FRE).toString().padStart(9, "0").replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole.toString();
}

/** A bet as typed (« 2,5 », « 1 000 ») as the API reads it, or null when it is not one. */
export function typedBet(text: string): string | null {
  const parsed = parseTypedAmount(text);
  return parsed.ok ? parsed.value : null;
}

/** A play's body with its typed bet in the API's form (the server refuses one it cannot read). */
export const withTypedBet = <Body extends { amount: string }>(body: Body): Body => ({
  ...body,
  amount: typedBet(body.amount) ?? body.amount,
});

const nanoOf = (amount: string): bigint | null => {
  const bet = typedBet(amount);
  return bet === null ? null : parseFre(bet);
};

/** The largest bet the player can place: the maximum, or less when the balance is lower. */
export function highestBet({ minBet, maxBet, balance }: BetBounds): bigint {
  const max = parseFre(maxBet);
  const held = balance === undefined ? null : nanoOf(balance);
  if (held === null || held >= max) return max;
  // Below the minimum nothing can be bet: the bound stays the minimum (the server says why).
  const min = parseFre(minBet);
  // biome-ignore lint/complexity/useMathMinMax: bigints (Math.max takes numbers)
  return held < min ? min : held;
}

const clamp = (nano: bigint, bounds: BetBounds) => {
  const min = parseFre(bounds.minBet);
  const max = highestBet(bounds);
  return nano < min ? min : nano > max ? max : nano;
};

/** ½: half the bet, never below the minimum (an unreadable amount restarts from it). */
export function halveBet(amount: string, bounds: BetBounds): string {
  const nano = nanoOf(amount);
  return plainAmount(clamp(nano === null ? 0n : nano / 2n, bounds));
}

/** ×2: twice the bet, never above the maximum or the balance. */
export function doubleBet(amount: string, bounds: BetBounds): string {
  const nano = nanoOf(amount);
  return plainAmount(clamp(nano === null ? 0n : nano * 2n, bounds));
}

export const maxBetAmount = (bounds: BetBounds) => plainAmount(highestBet(bounds));

/** Why the amount cannot be sent as is (the server has the last word on every bound). */
export function betAmountProblem(amount: string): "invalid" | null {
  const nano = nanoOf(amount);
  return nano === null || nano === 0n ? "invalid" : null;
}

/** "J♠" → 9 (index in HILO_RANKS), or -1 for an unknown label. */
export function cardRankIndex(label: string): number {
  return HILO_RANKS.indexOf(label.slice(0, -1) as (typeof HILO_RANKS)[number]);
}

/**
 * What the drawn cards list says under a card: the guess it answered, and for a card of the same
 * rank the rule that paid it (an equal card wins both "higher or same" and "lower or same").
 */
export function hiloGuessLabel(
  previous: string,
  card: string,
  guess: "higher" | "lower" | "skip" | undefined,
): "higher" | "lower" | "skip" | "higherSame" | "lowerSame" {
  if (guess === undefined || guess === "skip") return "skip";
  return cardRankIndex(previous) === cardRankIndex(card) ? `${guess}Same` : guess;
}

/** A Dice target as the user's language writes it (« 50,5 » in French), for the text field. */
export const diceTargetText = (value: number, language: string) =>
  new Intl.NumberFormat(language, { maximumFractionDigits: 2, useGrouping: false }).format(value);

export const isRedSuit = (label: string) => label.endsWith("♦") || label.endsWith("♥");

/** The link to the verify page, filled from a bet whose server seed is revealed. */
export function verifyLink(
  bet: PlayedResult & {
    serverSeed: string | null;
    serverSeedHash: string;
    clientSeed: string;
    nonce: number;
  },
): string | null {
  if (!bet.serverSeed) return null;
  const query = new URLSearchParams({
    game: bet.game,
    serverSeed: bet.serverSeed,
    serverSeedHash: bet.serverSeedHash,
    clientSeed: bet.clientSeed,
    nonce: String(bet.nonce),
  });
  const { difficulty, mines } = verifyOptionsOf(bet.game, bet.outcome);
  if (difficulty) query.set("difficulty", difficulty);
  if (mines !== undefined) query.set("mines", String(mines));
  return `/game/verify?${query}`;
}

/** The free spins left after a spin whose outcome names the one it used ("daily" or "bonus"). */
export function spentFreeSpin(
  freeSpins: { daily: boolean; bonus: number },
  outcome: Record<string, unknown>,
): { daily: boolean; bonus: number } {
  if (outcome.freeSpin === "daily") return { ...freeSpins, daily: false };
  if (outcome.freeSpin === "bonus")
    return { ...freeSpins, bonus: Math.max(0, freeSpins.bonus - 1) };
  return freeSpins;
}

const DAY_MS = 86_400_000;

/** The daily free spin comes back at the next midnight UTC (the server counts UTC days). */
export const nextUtcMidnight = (nowMs: number) => (Math.floor(nowMs / DAY_MS) + 1) * DAY_MS;

type PaytableLine = { symbols: readonly string[]; prize: string };

/**
 * A paytable as the player reads it: the jackpot first, then the prizes from the largest down
 * (equal prizes keep the published order). The server matches lines in its own order.
 */
export function sortedPaytable<L extends PaytableLine>(lines: readonly L[]): L[] {
  const value = (line: L) =>
    line.prize === "jackpot" ? Number.POSITIVE_INFINITY : Number(line.prize);
  return lines
    .map((line, index) => ({ line, index }))
    .sort((a, b) => value(b.line) - value(a.line) || a.index - b.index)
    .map(({ line }) => line);
}

/** "50,5" or "50.5" → 50.5; null unless a target the server takes (2–98, two decimals). */
export function parseDiceTarget(text: string): number | null {
  const parsed = parseTypedAmount(text, { decimals: 2, wholeDigits: 2 });
  if (!parsed.ok) return null;
  const value = Number(parsed.value);
  return isDiceTarget(value) ? value : null;
}
