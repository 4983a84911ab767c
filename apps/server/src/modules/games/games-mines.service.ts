/**
 * Mines (issue 35 §3, decision 0069): a round like Towers' — the bet is debited when it opens,
 * each reveal locks the round, a mine settles it at 0 and a cash-out pays the bet × the
 * multiplier of the safe tiles found so far. The mines are drawn from the round's seeds at each
 * step (the server seed stays secret until the pair is rotated, which an open round blocks).
 */
import {
  applyMultiplier,
  formatMultiplier,
  MINES,
  minesDraw,
  minesMultiplier,
  type PlayedOutcomeOf,
  parseFre,
  rational,
} from "@fre/shared";
import { AppError } from "../../lib/errors.ts";
import { balanceOf, updateRound } from "./games.repo.ts";
import type { GamesDeps } from "./games-money.ts";
import { openRound, type Round, seedsOf, settle, view, withRound } from "./games-rounds.service.ts";

type MinesOutcome = PlayedOutcomeOf<"mines">;

/** The most a round with `mines` mines can multiply its bet by: every safe tile found. */
export const minesTop = (mines: number) => minesMultiplier(mines, MINES.tiles - mines);

export const startMines = (
  deps: GamesDeps,
  userId: string,
  key: string,
  body: { amount: string; mines: number },
) =>
  openRound(
    deps,
    userId,
    "mines",
    { amount: body.amount, top: minesTop(body.mines) },
    () => ({
      options: { mines: body.mines },
      outcome: { count: body.mines, revealed: [], mines: [] } satisfies MinesOutcome,
      state: null,
      multiplier: minesMultiplier(body.mines, 0),
    }),
    // « 2,5 » and "2.50" are the same bet: the key's request is the amount in nano-FRE.
    { key, body: { amountNano: parseFre(body.amount).toString(), mines: body.mines } },
  );

const alreadyRevealed = () =>
  new AppError(
    "VALIDATION_ERROR",
    400,
    {},
    { issues: [{ path: "tile", message: "this tile is already revealed" }] },
  );

export const revealMines = (deps: GamesDeps, userId: string, id: string, tile: number) =>
  withRound(deps, userId, "mines", id, async (tx, round, serverSeed) => {
    const { count, revealed: before } = round.outcome;
    if (before.includes(tile)) throw alreadyRevealed();
    const mines = minesDraw(seedsOf(round, serverSeed), count);
    const revealed = [...before, tile];
    if (mines.includes(tile)) {
      return settle(deps, tx, userId, round, {
        outcome: { count, revealed, mines },
        multiplier: rational(0),
        payoutNano: 0n,
      });
    }
    const multiplier = minesMultiplier(count, revealed.length);
    if (revealed.length === MINES.tiles - count) {
      // Every safe tile found: the round cashes out by itself.
      return settle(deps, tx, userId, round, {
        outcome: { count, revealed, mines },
        multiplier,
        payoutNano: applyMultiplier(round.amountNano, multiplier),
      });
    }
    const next: Round<"mines"> = {
      ...round,
      outcome: { count, revealed, mines: [] },
      multiplier: formatMultiplier(multiplier),
    };
    await updateRound(tx, round.id, next);
    return view(next, await balanceOf(tx, userId));
  });

export const cashOutMines = (deps: GamesDeps, userId: string, id: string) =>
  withRound(deps, userId, "mines", id, async (tx, round, serverSeed) => {
    const { count, revealed } = round.outcome;
    const multiplier = minesMultiplier(count, revealed.length);
    return settle(deps, tx, userId, round, {
      outcome: { count, revealed, mines: minesDraw(seedsOf(round, serverSeed), count) },
      multiplier,
      payoutNano: applyMultiplier(round.amountNano, multiplier),
    });
  });
