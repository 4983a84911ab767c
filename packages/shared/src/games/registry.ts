/**
 * Every game, once: how it is played, the body of its play, how its outcome is recomputed from
 * revealed seeds, what is published of it and how a recorded outcome is checked. `GAMES`, the
 * `GameId` union and the database's game column derive from this record; the server's routes
 * and the web's screens are records keyed by the same ids, so a game missing on a side does not
 * compile (decision 0035).
 */
import type { z } from "zod";
import {
  diceBetBodySchema,
  freMachineSpinBodySchema,
  hiloRoundBodySchema,
  kenoBetBodySchema,
  towersRoundBodySchema,
} from "./bet-bodies.ts";
import { DICE, DICE_RTP, diceRoll } from "./dice.ts";
import type { Seeds } from "./fair.ts";
import {
  cardLabel,
  HILO_DECK,
  HILO_RANKS,
  HILO_RTP,
  HILO_SUITS,
  hiloCards,
  hiloStepMultiplier,
} from "./hilo.ts";
import { KENO, type KenoRisk, kenoDraw, kenoRtp } from "./keno.ts";
import {
  MINES,
  MINES_RTP,
  minesDraw,
  minesMultiplier,
  minesOutcomes,
  minesRoundBodySchema,
} from "./mines.ts";
import {
  diceOutcomes,
  freMachineOutcomes,
  hiloOutcomes,
  kenoOutcomes,
  slotOutcomes,
  towersOutcomes,
} from "./outcomes.ts";
import { formatMultiplier, formatPercent, type Rational, rationalToNumber } from "./rational.ts";
import {
  FRE_MACHINE,
  FRE_MACHINE_JACKPOT_SHARE,
  freMachineJackpotProbability,
  freMachineRtp,
  freMachineTotalRtp,
  JACKPOT_SEED_FRE,
  SLOT,
  type SlotMachine,
  slotExpectedPrize,
  slotStops,
  slotSymbols,
} from "./slot.ts";
import {
  TOWERS,
  TOWERS_DIFFICULTIES,
  TOWERS_RTP,
  type TowersDifficulty,
  towersMultiplier,
  towersTraps,
} from "./towers.ts";

/** An exact figure: `value` for display maths, `exact` = "num/den", `percent` rounded down. */
export type PublishedRatio = { value: number; exact: string; percent: string };

export const publishRatio = (r: Rational): PublishedRatio => ({
  value: rationalToNumber(r),
  exact: `${r.num}/${r.den}`,
  percent: formatPercent(r, 4),
});

/** What the verify route needs besides the seeds: Towers' difficulty, Mines' mine count. */
export type VerifyOptions = { difficulty?: TowersDifficulty; mines?: number };

/**
 * bet: one request settles it (Keno, Dice); round: steps until cash-out (Towers, Hi-Lo);
 * free-spin: no stake (the slot); spin: a paid spin feeding the jackpot (the FRE machine).
 */
export type GameKind = "bet" | "round" | "free-spin" | "spin";

export interface GameDefinition<
  K extends GameKind = GameKind,
  V extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  P = unknown,
> {
  kind: K;
  /** The body of the request that plays (or opens) it; null when it takes none. */
  body: z.ZodType | null;
  /**
   * Its outcome's schemas (outcomes.ts): `verified`, what the verify route recomputes; `played`,
   * what a play answers and the history keeps. The answers' unions by game derive from them.
   */
  outcome: { verified: V; played: R };
  /** The verify route's extra fields this game needs (Towers' traps depend on the difficulty). */
  verifyNeeds: readonly (keyof VerifyOptions)[];
  /** The outcome from revealed seeds, as `GET /api/games/verify` answers it. */
  verify(seeds: Seeds, options: VerifyOptions): z.output<V>;
  /** The options to verify a recorded bet with, read from what it recorded. */
  verifyOptionsOf(recorded: z.output<R>): VerifyOptions;
  /** Whether a recorded outcome is the one the seeds give (rounds record a prefix). */
  matches(recorded: z.output<V>, computed: z.output<V>): boolean;
  /** Rules, bounds, paytables and RTP, as `GET /api/games` publishes them. */
  publication(): P;
}

const defineGame = <K extends GameKind, V extends z.ZodType, R extends z.ZodType, P>(
  game: GameDefinition<K, V, R, P>,
) => game;

const sameList = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** `recorded` is `computed` cut at its length (a round stopped before the end of the stream). */
const isPrefix = <T>(recorded: T[], computed: T[]): boolean =>
  recorded.length > 0 &&
  recorded.length <= computed.length &&
  sameList(recorded, computed.slice(0, recorded.length));

const noOptions = (): VerifyOptions => ({});

export type SlotOutcome = z.output<typeof slotOutcomes.verified>;

function spin(machine: SlotMachine, seeds: Seeds): SlotOutcome {
  const stops = slotStops(seeds, machine.reels);
  return { stops, symbols: slotSymbols(machine.reels, stops) };
}
const sameSpin = (recorded: SlotOutcome, computed: SlotOutcome) =>
  sameList(recorded.stops, computed.stops) && sameList(recorded.symbols, computed.symbols);

const keno = defineGame({
  kind: "bet",
  body: kenoBetBodySchema,
  outcome: kenoOutcomes,
  verifyNeeds: [],
  verify: (seeds) => ({ draw: kenoDraw(seeds) }),
  verifyOptionsOf: noOptions,
  matches: (recorded, computed) => sameList(recorded.draw, computed.draw),
  publication: () => ({
    numbers: KENO.numbers,
    draw: KENO.draw,
    minPicks: KENO.minPicks,
    maxPicks: KENO.maxPicks,
    risks: [...KENO.risks],
    /** paytables[risk][picks][hits]; index 0 of picks is empty. */
    paytables: KENO.paytables,
    /** rtp[risk][picks]; index 0 is null. */
    rtp: Object.fromEntries(
      KENO.risks.map((risk) => [
        risk,
        Array.from({ length: KENO.maxPicks + 1 }, (_, picks) =>
          picks < KENO.minPicks ? null : publishRatio(kenoRtp(risk, picks)),
        ),
      ]),
    ) as Record<KenoRisk, (PublishedRatio | null)[]>,
  }),
});

const towers = defineGame({
  kind: "round",
  body: towersRoundBodySchema,
  outcome: towersOutcomes,
  verifyNeeds: ["difficulty"],
  verify: (seeds, { difficulty }) => {
    if (!difficulty || !(difficulty in TOWERS.difficulties)) {
      throw new RangeError("Towers needs a difficulty");
    }
    return { floors: towersTraps(seeds, difficulty) };
  },
  verifyOptionsOf: ({ difficulty }) => ({ difficulty }),
  matches: (recorded, computed) => isPrefix(recorded.floors, computed.floors),
  publication: () => ({
    floors: TOWERS.floors,
    difficulties: TOWERS_DIFFICULTIES.map((difficulty) => ({
      difficulty,
      ...TOWERS.difficulties[difficulty],
      multipliers: Array.from({ length: TOWERS.floors + 1 }, (_, k) =>
        formatMultiplier(towersMultiplier(difficulty, k)),
      ),
    })),
    rtp: publishRatio(TOWERS_RTP),
  }),
});

const hilo = defineGame({
  kind: "round",
  body: hiloRoundBodySchema,
  outcome: hiloOutcomes,
  verifyNeeds: [],
  verify: (seeds) => ({ cards: hiloCards(seeds, HILO_DECK).map(cardLabel) }),
  verifyOptionsOf: noOptions,
  matches: (recorded, computed) => isPrefix(recorded.cards, computed.cards),
  publication: () => ({
    ranks: [...HILO_RANKS],
    suits: [...HILO_SUITS],
    /** Step multipliers by rank (index 0 = "2"), for "higher or same" and "lower or same". */
    multipliers: HILO_RANKS.map((_, rank) => ({
      higher: formatMultiplier(hiloStepMultiplier(rank * 4, "higher")),
      lower: formatMultiplier(hiloStepMultiplier(rank * 4, "lower")),
    })),
    rtp: publishRatio(HILO_RTP),
  }),
});

const slot = defineGame({
  kind: "free-spin",
  body: null,
  outcome: slotOutcomes,
  verifyNeeds: [],
  verify: (seeds) => spin(SLOT, seeds),
  verifyOptionsOf: noOptions,
  matches: sameSpin,
  publication: () => {
    const expected = slotExpectedPrize();
    return {
      reels: SLOT.reels,
      paytable: SLOT.paytable,
      /** Expected FRE per free spin. */
      expectedPrize: {
        value: rationalToNumber(expected),
        exact: `${expected.num}/${expected.den}`,
        fre: formatMultiplier(expected, 9),
      },
    };
  },
});

const freMachine = defineGame({
  kind: "spin",
  body: freMachineSpinBodySchema,
  outcome: freMachineOutcomes,
  verifyNeeds: [],
  verify: (seeds) => spin(FRE_MACHINE, seeds),
  verifyOptionsOf: noOptions,
  matches: sameSpin,
  publication: () => ({
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
  }),
});

const dice = defineGame({
  kind: "bet",
  body: diceBetBodySchema,
  outcome: diceOutcomes,
  verifyNeeds: [],
  verify: (seeds) => ({ roll: diceRoll(seeds) }),
  verifyOptionsOf: noOptions,
  matches: (recorded, computed) => recorded.roll === computed.roll,
  publication: () => ({
    outcomes: DICE.outcomes,
    minTarget: DICE.minTarget,
    maxTarget: DICE.maxTarget,
    rtp: publishRatio(DICE_RTP),
  }),
});

const mines = defineGame({
  kind: "round",
  body: minesRoundBodySchema,
  outcome: minesOutcomes,
  verifyNeeds: ["mines"],
  verify: (seeds, { mines: count }) => {
    if (count === undefined) throw new RangeError("Mines needs a mine count");
    return { mines: minesDraw(seeds, count) };
  },
  verifyOptionsOf: ({ count }) => ({ mines: count }),
  // A settled round records every mine; an open one none yet (nothing to check).
  matches: (recorded, computed) => sameList(recorded.mines, computed.mines),
  publication: () => ({
    tiles: MINES.tiles,
    columns: MINES.columns,
    minMines: MINES.minMines,
    maxMines: MINES.maxMines,
    /** Cash-out multipliers by mine count (index 0 = 1 mine), for 0 … 25 − mines safe reveals. */
    multipliers: Array.from({ length: MINES.maxMines }, (_, i) =>
      Array.from({ length: MINES.tiles - i }, (_, k) =>
        formatMultiplier(minesMultiplier(i + 1, k)),
      ),
    ),
    rtp: publishRatio(MINES_RTP),
  }),
});

/** The games, in the order the games list shows them. */
export const gameRegistry = {
  keno,
  towers,
  hilo,
  slot,
  "fre-machine": freMachine,
  dice,
  mines,
} satisfies Record<string, GameDefinition>;

export type GameRegistry = typeof gameRegistry;
export type Game = keyof GameRegistry;
/** The outcome `GET /api/games/verify` recomputes for game G. */
export type VerifiedOutcomeOf<G extends Game> = z.output<GameRegistry[G]["outcome"]["verified"]>;
/** The outcome a play of game G answers and its bet records. */
export type PlayedOutcomeOf<G extends Game> = z.output<GameRegistry[G]["outcome"]["played"]>;
/** Kept for the verify helpers: the recomputed outcome. */
export type GameOutcomeOf<G extends Game> = VerifiedOutcomeOf<G>;
export type GameOutcome = GameOutcomeOf<Game>;
export type GamePublicationOf<G extends Game> = ReturnType<GameRegistry[G]["publication"]>;
/** The games of a kind, from the entries' `kind` (a new round game joins `RoundGame` by itself). */
export type GamesOfKind<K extends GameKind> = {
  [G in Game]: GameRegistry[G]["kind"] extends K ? G : never;
}[Game];
/** Towers, Hi-Lo, Mines: played in steps until cash-out. */
export type RoundGame = GamesOfKind<"round">;
/** Keno, Dice: one request settles the bet. */
export type BetGame = GamesOfKind<"bet">;

/** Every game id, in the registry's order (schemas/games.ts exports it as `GAMES`). */
export const gameIds = Object.keys(gameRegistry) as [Game, ...Game[]];

/** The games of a kind, in the registry's order. */
export const gamesOfKind = <K extends GameKind>(kind: K): GamesOfKind<K>[] =>
  gameIds.filter((game): game is GamesOfKind<K> => gameRegistry[game].kind === kind);

/**
 * The registry seen game by game: `gameDefinitions[game]` for a generic `game: G` is G's own entry,
 * so a call with G's outcome type-checks without a cast (TypeScript's correlated unions).
 */
type Definitions = {
  [G in Game]: {
    verify(seeds: Seeds, options: VerifyOptions): VerifiedOutcomeOf<G>;
    verifyOptionsOf(recorded: PlayedOutcomeOf<G>): VerifyOptions;
    matches(recorded: VerifiedOutcomeOf<G>, computed: VerifiedOutcomeOf<G>): boolean;
  };
};
export const gameDefinitions: Definitions = gameRegistry;
