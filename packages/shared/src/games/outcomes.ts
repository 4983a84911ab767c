/**
 * Each game's outcome, as a schema: `verified` is what `GET /api/games/verify` recomputes from
 * revealed seeds; `played` is what a play answers and the history keeps — the verified part
 * plus what was played (a round's `played` holds a prefix of it until it is settled). The
 * registry names them per game; the play, round, bet and verify answers are unions by game
 * built from them (game-schemas.ts). Every field is declared: the server's serializer writes
 * the declared properties only (decision 0008), so a field missing here never reaches a client.
 */
import { z } from "zod";
import { HILO_GUESS_VALUES, KENO_RISK_VALUES, TOWERS_DIFFICULTY_VALUES } from "./bet-bodies.ts";
import { DICE_DIRECTIONS } from "./dice.ts";

const numbers = z.array(z.number().int());
const reels = z.object({ stops: numbers, symbols: z.array(z.string()) });

export const kenoOutcomes = {
  verified: z.object({ draw: numbers }),
  played: z.object({
    draw: numbers,
    picks: numbers,
    risk: z.enum(KENO_RISK_VALUES),
    hits: z.number().int(),
  }),
};

export const towersOutcomes = {
  /** Trap positions, floor by floor. */
  verified: z.object({ floors: z.array(numbers) }),
  played: z.object({
    difficulty: z.enum(TOWERS_DIFFICULTY_VALUES),
    /** The tile chosen on each floor climbed (and on the one that lost). */
    tiles: numbers,
    /** Trap positions of the floors played so far; all of them once settled. */
    floors: z.array(numbers),
  }),
};

export const hiloOutcomes = {
  /** The cards of the stream, as "J♠", "10♥"… */
  verified: z.object({ cards: z.array(z.string()) }),
  played: z.object({
    /** The cards shown so far. */
    cards: z.array(z.string()),
    /** guesses[i] was made on cards[i]. */
    guesses: z.array(z.enum(HILO_GUESS_VALUES)),
  }),
};

export const slotOutcomes = {
  verified: reels,
  /** Which free spin it was: today's or a referral bonus one. */
  played: reels.extend({ freeSpin: z.enum(["daily", "bonus"]) }),
};

export const freMachineOutcomes = {
  verified: reels,
  /** The jackpot won by this spin in FRE ("0.000000000" when none). */
  played: reels.extend({ jackpot: z.string() }),
};

export const diceOutcomes = {
  /** 0.00–99.99. */
  verified: z.object({ roll: z.number() }),
  played: z.object({
    roll: z.number(),
    target: z.number(),
    direction: z.enum(DICE_DIRECTIONS),
    win: z.boolean(),
  }),
};
