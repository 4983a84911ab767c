/** What `GET /api/games/verify` and the /game/verify page show: an outcome from revealed seeds. */
import type { Seeds } from "./fair.ts";
import { cardLabel, HILO_DECK, hiloCards } from "./hilo.ts";
import { kenoDraw } from "./keno.ts";
import { FRE_MACHINE, SLOT, type SlotMachine, slotStops, slotSymbols } from "./slot.ts";
import { TOWERS, type TowersDifficulty, towersTraps } from "./towers.ts";

/** The same list as `GAMES` in schemas/games.ts. */
export type Game = "keno" | "towers" | "hilo" | "slot" | "fre-machine";

export type KenoOutcome = { draw: number[] };
export type TowersOutcome = { floors: number[][] };
export type HiloOutcome = { cards: string[] };
export type SlotOutcome = { stops: number[]; symbols: string[] };
export type GameOutcome = KenoOutcome | TowersOutcome | HiloOutcome | SlotOutcome;

export type VerifyOptions = { difficulty?: TowersDifficulty };

const spin = (machine: SlotMachine, seeds: Seeds): SlotOutcome => {
  const stops = slotStops(seeds, machine.reels);
  return { stops, symbols: slotSymbols(machine.reels, stops) };
};

export function verifyOutcome(game: "keno", seeds: Seeds, options?: VerifyOptions): KenoOutcome;
export function verifyOutcome(game: "towers", seeds: Seeds, options: VerifyOptions): TowersOutcome;
export function verifyOutcome(game: "hilo", seeds: Seeds, options?: VerifyOptions): HiloOutcome;
export function verifyOutcome(
  game: "slot" | "fre-machine",
  seeds: Seeds,
  options?: VerifyOptions,
): SlotOutcome;
export function verifyOutcome(game: Game, seeds: Seeds, options?: VerifyOptions): GameOutcome;
export function verifyOutcome(game: Game, seeds: Seeds, options: VerifyOptions = {}): GameOutcome {
  switch (game) {
    case "keno":
      return { draw: kenoDraw(seeds) };
    case "towers": {
      const { difficulty } = options;
      if (!difficulty || !(difficulty in TOWERS.difficulties)) {
        throw new RangeError("Towers needs a difficulty");
      }
      return { floors: towersTraps(seeds, difficulty) };
    }
    case "hilo":
      return { cards: hiloCards(seeds, HILO_DECK).map(cardLabel) };
    case "slot":
      return spin(SLOT, seeds);
    case "fre-machine":
      return spin(FRE_MACHINE, seeds);
  }
}
