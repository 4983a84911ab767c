/**
 * What a player sends to play: the bet amount, the client seed and each game's choices. Beside
 * the registry that names them (schemas/games.ts re-exports them): in schemas/, the web's
 * shared-schemas chunk and shared-games chunk would import each other, and whichever loads
 * second would find the other's bindings not yet initialised.
 */
import { z } from "zod";
import { normalizeTypedFre } from "../money.ts";
import { DICE, DICE_DIRECTIONS, isDiceTarget } from "./dice.ts";

// The same lists as the games core's (KENO.risks, TOWERS.difficulties, HILO_GUESSES); kept here
// so the request schemas do not load the paytables. games.test checks they stay equal.
export const KENO_RISK_VALUES = ["classic", "low", "medium", "high"] as const;
export const TOWERS_DIFFICULTY_VALUES = ["easy", "medium", "hard", "expert", "master"] as const;
export const HILO_GUESS_VALUES = ["higher", "lower", "skip"] as const;

/**
 * A bet in FRE as typed (« 2,5 » or "2.5", normalizeTypedFre), at most 9 fraction digits. Its bounds are the service's:
 * beyond the limits (never more than MAX_FRE_AMOUNT) it is BET_TOO_LARGE, not a format error.
 */
export const betAmountSchema = z
  .string()
  .max(64)
  .overwrite(normalizeTypedFre)
  .regex(/^\d{1,12}(\.\d{1,9})?$/, "must be an amount in FRE, e.g. 10 or 2.5");

/** Printable, no spaces: what a player may choose as a client seed. */
export const clientSeedSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\x21-\x7e]+$/, "letters, digits and punctuation only, no spaces");

export const towersDifficultySchema = z.enum(TOWERS_DIFFICULTY_VALUES);

export const clientSeedBodySchema = z.object({ clientSeed: clientSeedSchema });

export const kenoBetBodySchema = z.object({
  amount: betAmountSchema,
  picks: z
    .array(z.number().int().min(1).max(40))
    .min(1)
    .max(10)
    .refine((picks) => new Set(picks).size === picks.length, "picks must be distinct"),
  risk: z.enum(KENO_RISK_VALUES),
});
export const towersRoundBodySchema = z.object({
  amount: betAmountSchema,
  difficulty: towersDifficultySchema,
});
export const towersStepBodySchema = z.object({ tile: z.number().int().min(0).max(3) });
export const hiloRoundBodySchema = z.object({ amount: betAmountSchema });
export const hiloGuessBodySchema = z.object({ guess: z.enum(HILO_GUESS_VALUES) });
export const freMachineSpinBodySchema = z.object({ amount: betAmountSchema });

/** A JSON number in [2, 98] with two decimals at most: 50 and 50.5, never 50.123 nor "50". */
export const diceTargetSchema = z
  .number()
  .min(DICE.minTarget)
  .max(DICE.maxTarget)
  .refine(isDiceTarget, "must have at most two decimals");
export const diceBetBodySchema = z.object({
  amount: betAmountSchema,
  target: diceTargetSchema,
  direction: z.enum(DICE_DIRECTIONS),
});
