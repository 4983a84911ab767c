/** The writer that puts the one-shot plays (Keno, Dice…) of many players in one statement. */
import type { Db } from "../../db/client.ts";
import { batchLoader } from "../../lib/batch-loader.ts";
import { isDeadlock } from "../../lib/db-errors.ts";
import { betsAndWinsCtes, isInsufficientBalance } from "../ledger/ledger.ts";
import { type OneShotPlay, type OneShotResult, playOneShots } from "./games.repo.ts";

/** The one-shot statement's money part (a transaction that locked the pair writes it too). */
export const ONE_SHOT_MONEY = betsAndWinsCtes("played");
/*
 * Two statements at most at once: plays asked meanwhile wait and go together in the next one (one
 * commit for many). One alone would leave the database idle while Node handles the answers; more
 * made smaller statements and a slower bench (docs/performance.md).
 */
const WRITER_OPTIONS = { maxInFlight: 2 };

/**
 * Writes one-shot plays: those asked for while earlier statements run share the next statement
 * (`batchLoader`, as reads do: decision 0010), so a commit and a round trip serve many players.
 * When the statement fails because one bet no longer fits (a balance moved after the statement's
 * snapshot) or it met another server's statement in a deadlock (their players overlap and
 * PostgreSQL locks their rows in no set order), each play is written again alone: only the bet
 * that does not fit is `short`.
 */
export function oneShotWriter(db: Db) {
  return batchLoader<OneShotPlay, OneShotResult>(async (plays) => {
    const answer = new Map<OneShotPlay, OneShotResult>();
    const write = async (batch: OneShotPlay[]) => {
      const results = await playOneShots(db, ONE_SHOT_MONEY, batch);
      for (const play of batch) answer.set(play, results.get(play.betId) ?? "stale");
    };
    try {
      await write(plays);
    } catch (error) {
      if (!isInsufficientBalance(error) && !isDeadlock(error)) throw error;
      await Promise.all(
        plays.map((play) =>
          write([play]).catch((alone: unknown) => {
            if (!isInsufficientBalance(alone)) throw alone;
            answer.set(play, "short");
          }),
        ),
      );
    }
    return answer;
  }, WRITER_OPTIONS);
}
