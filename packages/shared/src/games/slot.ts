/**
 * The free slot and the paid FRE machine (issue 14 §2): 3 reels; stop i = floor(float_i × length
 * of strip i); the symbols shown are strip[i][stop i] (the payline). A paytable line matches when
 * each of its 3 symbols equals the payline's symbol at that reel or is "*" (any); lines are
 * tried in order and the first match pays (so the most valuable lines come first). No match pays
 * nothing. Expected values are exact: every stop combination is enumerated.
 */
import { gameFloats, pickIndex, type Seeds } from "./fair.ts";
import {
  addRational,
  mulRational,
  type Rational,
  rational,
  rationalFromDecimal,
  ZERO,
} from "./rational.ts";
import {
  FRE_MACHINE_DEFINITION,
  type PaytableLine,
  SLOT_DEFINITION,
  type SlotMachine,
} from "./slot-machines.ts";

export type { PaytableLine, SlotMachine };

export const ANY_SYMBOL = "*";
export const JACKPOT_PRIZE = "jackpot";

/** Free slot: prizes are FRE amounts (decimal strings), one free spin, no bet. */
export const SLOT: SlotMachine = SLOT_DEFINITION;
/**
 * FRE machine: prizes are multipliers of the bet; three "FRE" is the progressive jackpot (paid
 * from the pool, not from the paytable). 1 % of every bet feeds the pool, so the published total
 * RTP is the paytable's RTP (freMachineRtp, ≈ 95 %) plus that 1 % (≈ 96 %), always below 100 %.
 * The pool's 1 000 FRE seed is the house's, outside that figure.
 */
export const FRE_MACHINE: SlotMachine = FRE_MACHINE_DEFINITION;
export const FRE_MACHINE_JACKPOT_SHARE: Rational = rational(1, 100);
export const JACKPOT_SEED_FRE = "1000";

export function slotStops(seeds: Seeds, reels: SlotMachine["reels"]): number[] {
  const floats = gameFloats(seeds, reels.length);
  return reels.map((strip, i) => pickIndex(floats[i] ?? 0, strip.length));
}

export function slotSymbols(reels: SlotMachine["reels"], stops: readonly number[]): string[] {
  return reels.map((strip, i) => {
    const symbol = strip[stops[i] ?? -1];
    if (symbol === undefined) throw new RangeError("Bad reel stop");
    return symbol;
  });
}

/** The first paytable line these payline symbols match, if any. */
export function matchLine(
  paytable: SlotMachine["paytable"],
  symbols: readonly string[],
): PaytableLine | undefined {
  return paytable.find((line) =>
    line.symbols.every((symbol, i) => symbol === ANY_SYMBOL || symbol === symbols[i]),
  );
}

/** The first paytable line matching the payline, if any. */
export function matchPaytable(
  machine: SlotMachine,
  stops: readonly number[],
): PaytableLine | undefined {
  return matchLine(machine.paytable, slotSymbols(machine.reels, stops));
}

/** Free slot prize: an exact FRE amount (0 when nothing matches). */
export function slotPrize(stops: readonly number[]): Rational {
  const line = matchPaytable(SLOT, stops);
  return line ? rationalFromDecimal(line.prize) : ZERO;
}

/** Free slot prize as the published decimal string ("0" when nothing matches). */
export const slotPrizeText = (stops: readonly number[]) => matchPaytable(SLOT, stops)?.prize ?? "0";

export const isFreMachineJackpot = (stops: readonly number[]) =>
  matchPaytable(FRE_MACHINE, stops)?.prize === JACKPOT_PRIZE;

/** Paytable multiplier of the bet; 0 for the jackpot line (the pool pays it) and for no match. */
export function freMachineMultiplier(stops: readonly number[]): Rational {
  const line = matchPaytable(FRE_MACHINE, stops);
  return line && line.prize !== JACKPOT_PRIZE ? rationalFromDecimal(line.prize) : ZERO;
}

/** Σ over every stop combination of value(line matched), divided by the number of combinations. */
function expectation(machine: SlotMachine, value: (line: PaytableLine) => Rational): Rational {
  const [a = [], b = [], c = []] = machine.reels;
  const counts = new Map<PaytableLine, bigint>();
  for (let i = 0; i < a.length; i++) {
    for (let j = 0; j < b.length; j++) {
      for (let k = 0; k < c.length; k++) {
        const line = matchPaytable(machine, [i, j, k]);
        if (line) counts.set(line, (counts.get(line) ?? 0n) + 1n);
      }
    }
  }
  let total = ZERO;
  for (const [line, count] of counts)
    total = addRational(total, mulRational(value(line), rational(count)));
  return mulRational(total, rational(1, a.length * b.length * c.length));
}

const paidLine = (line: PaytableLine) =>
  line.prize === JACKPOT_PRIZE ? ZERO : rationalFromDecimal(line.prize);

/** Exact expected prize of one free spin, in FRE. */
export const slotExpectedPrize = (): Rational => expectation(SLOT, paidLine);

/** Exact RTP of the FRE machine's paytable, jackpot excluded. */
export const freMachineRtp = (): Rational => expectation(FRE_MACHINE, paidLine);

/** Probability of three FRE symbols (the jackpot) on one spin. */
export const freMachineJackpotProbability = (): Rational =>
  expectation(FRE_MACHINE, (line) => (line.prize === JACKPOT_PRIZE ? rational(1) : ZERO));

/** Published total: paytable RTP + the 1 % jackpot contribution. */
export const freMachineTotalRtp = (): Rational =>
  addRational(freMachineRtp(), FRE_MACHINE_JACKPOT_SHARE);
