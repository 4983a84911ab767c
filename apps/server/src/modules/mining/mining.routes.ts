import type { FastifyInstance } from "fastify";
import { handle } from "../../http/contract-route.ts";
import type { ChallengeService } from "../challenge/index.ts";
import { getMining, type MiningDeps, settleMining, startMining } from "./mining.service.ts";

type Settled = Awaited<ReturnType<typeof settleMining>>;

/**
 * A settled session's length in hours, start to the claim or its end (whichever came first),
 * from the answer itself; null when the answer shows another session (a start raced it).
 */
export function settledHours(result: Settled): number | null {
  const s = result.session;
  if (!s?.claimed) return null;
  const end = Math.min(Date.parse(result.serverTime), Date.parse(s.endTime));
  return Math.max(0, end - Date.parse(s.startTime)) / 3_600_000;
}

/** Signed-in routes (registered inside the signed-in scope). */
export async function miningRoutes(
  app: FastifyInstance,
  deps: MiningDeps & { challenge?: Pick<ChallengeService, "checkMiningStart" | "remember"> },
) {
  const settle = async (userId: string, mode: "claim" | "stop") => {
    const result = await settleMining(deps, userId, mode);
    deps.challenge?.remember(userId);
    const hours = settledHours(result);
    if (hours !== null) deps.onSessionSettled?.(hours, mode === "claim" ? "claimed" : "stopped");
    return result;
  };
  handle(app, "GET /api/mining", ({ viewer }) => getMining(deps, viewer.userId));
  handle(app, "POST /api/mining/start", async ({ viewer, headers }) => {
    // The first-ever start carries a solved proof of work (decision 0044); a user this process
    // saw mine is not checked again, so a returning miner's start sends no extra statement.
    await deps.challenge?.checkMiningStart(viewer.userId, headers["x-altcha"]);
    const started = await startMining(deps, viewer.userId);
    deps.challenge?.remember(viewer.userId);
    return started;
  });
  handle(app, "POST /api/mining/claim", ({ viewer }) => settle(viewer.userId, "claim"));
  handle(app, "POST /api/mining/stop", ({ viewer }) => settle(viewer.userId, "stop"));
}
