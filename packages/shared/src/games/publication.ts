/**
 * What `GET /api/games` publishes: bounds, paytables, strips and RTP of each game, as numbers and
 * exact strings. Computed once (the slot expectations enumerate every stop combination).
 */
import { HILO_RANKS, HILO_RTP, HILO_SUITS, hiloStepMultiplier } from "./hilo.ts";
import { KENO, type KenoRisk, kenoRtp } from "./keno.ts";
import { formatMultiplier, formatPercent, type Rational, rationalToNumber } from "./rational.ts";
import {
  FRE_MACHINE,
  FRE_MACHINE_JACKPOT_SHARE,
  freMachineJackpotProbability,
  freMachineRtp,
  freMachineTotalRtp,
  JACKPOT_SEED_FRE,
  SLOT,
  slotExpectedPrize,
} from "./slot.ts";
import { TOWERS, TOWERS_DIFFICULTIES, TOWERS_RTP, towersMultiplier } from "./towers.ts";

/** An exact figure: `value` for display maths, `exact` = "num/den", `percent` rounded down. */
export type PublishedRatio = { value: number; exact: string; percent: string };

export const publishRatio = (r: Rational): PublishedRatio => ({
  value: rationalToNumber(r),
  exact: `${r.num}/${r.den}`,
  percent: formatPercent(r, 4),
});

function buildPublication() {
  const kenoRtps = Object.fromEntries(
    KENO.risks.map((risk) => [
      risk,
      Array.from({ length: KENO.maxPicks + 1 }, (_, picks) =>
        picks < KENO.minPicks ? null : publishRatio(kenoRtp(risk, picks)),
      ),
    ]),
  ) as Record<KenoRisk, (PublishedRatio | null)[]>;
  const slotExpected = slotExpectedPrize();
  return {
    keno: {
      numbers: KENO.numbers,
      draw: KENO.draw,
      minPicks: KENO.minPicks,
      maxPicks: KENO.maxPicks,
      risks: [...KENO.risks],
      /** paytables[risk][picks][hits]; index 0 of picks is empty. */
      paytables: KENO.paytables,
      /** rtp[risk][picks]; index 0 is null. */
      rtp: kenoRtps,
    },
    towers: {
      floors: TOWERS.floors,
      difficulties: TOWERS_DIFFICULTIES.map((difficulty) => ({
        difficulty,
        ...TOWERS.difficulties[difficulty],
        multipliers: Array.from({ length: TOWERS.floors + 1 }, (_, k) =>
          formatMultiplier(towersMultiplier(difficulty, k)),
        ),
      })),
      rtp: publishRatio(TOWERS_RTP),
    },
    hilo: {
      ranks: [...HILO_RANKS],
      suits: [...HILO_SUITS],
      /** Step multipliers by rank (index 0 = "2"), for "higher or same" and "lower or same". */
      multipliers: HILO_RANKS.map((_, rank) => ({
        higher: formatMultiplier(hiloStepMultiplier(rank * 4, "higher")),
        lower: formatMultiplier(hiloStepMultiplier(rank * 4, "lower")),
      })),
      rtp: publishRatio(HILO_RTP),
    },
    slot: {
      reels: SLOT.reels,
      paytable: SLOT.paytable,
      /** Expected FRE per free spin. */
      expectedPrize: {
        value: rationalToNumber(slotExpected),
        exact: `${slotExpected.num}/${slotExpected.den}`,
        fre: formatMultiplier(slotExpected, 9),
      },
    },
    freMachine: {
      reels: FRE_MACHINE.reels,
      paytable: FRE_MACHINE.paytable,
      jackpot: {
        seed: JACKPOT_SEED_FRE,
        share: publishRatio(FRE_MACHINE_JACKPOT_SHARE),
        probability: publishRatio(freMachineJackpotProbability()),
      },
      /** Paytable RTP (jackpot excluded). */
      baseRtp: publishRatio(freMachineRtp()),
      /** Paytable RTP + the jackpot share. */
      rtp: publishRatio(freMachineTotalRtp()),
    },
  };
}

export type GamesPublication = ReturnType<typeof buildPublication>;

let cached: GamesPublication | undefined;

/** The publication, computed on first use. */
export function gamesPublication(): GamesPublication {
  cached ??= buildPublication();
  return cached;
}
