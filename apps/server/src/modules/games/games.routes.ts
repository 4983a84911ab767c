import {
  clientSeedBodySchema,
  currentRoundSchema,
  errorResponses,
  freMachineSpinBodySchema,
  gameBetsPageSchema,
  gameBetsQuerySchema,
  gameLimitsBodySchema,
  gameLimitsSchema,
  gamePlaySchema,
  gamesViewSchema,
  hiloGuessBodySchema,
  hiloRoundBodySchema,
  kenoBetBodySchema,
  rotateSeedsSchema,
  seedPairSchema,
  seedsViewSchema,
  towersRoundBodySchema,
  towersStepBodySchema,
  uuidParamsSchema,
  verifyQuerySchema,
  verifyResultSchema,
} from "@fre/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { actorOf } from "../admin/admin-gate.ts";
import type { ViewerResolver } from "../auth/viewer.ts";
import {
  changeClientSeed,
  type GamesDeps,
  gamesView,
  getLimits,
  listMyBets,
  playKeno,
  rotateSeeds,
  seedsView,
  setLimits,
  verify,
} from "./games.service.ts";
import {
  cashOutHilo,
  cashOutTowers,
  currentRound,
  guessHilo,
  startHilo,
  startTowers,
  stepTowers,
} from "./games-rounds.service.ts";
import { spinFreMachine, spinSlot } from "./games-slots.service.ts";

/** Plays: generous for a player, a wall for a script (the bench raises it). */
const PLAY_LIMIT = { max: 600, timeWindow: "1 minute" };

export async function gamesRoutes(
  fastify: FastifyInstance,
  deps: GamesDeps & { viewer: ViewerResolver; playsPerMinute?: number },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ["games"];
  const errors = errorResponses(400, 401, 404, 409, 429);
  const me = async (request: FastifyRequest) => (await deps.viewer.required(request)).userId;
  const play = {
    config: {
      userRateLimit: { ...PLAY_LIMIT, max: deps.playsPerMinute ?? PLAY_LIMIT.max },
    },
  };
  const played = { 200: gamePlaySchema, ...errors };

  app.get(
    "/api/games",
    { schema: { tags, response: { 200: gamesViewSchema, ...errors } } },
    async (request) => gamesView(deps, await me(request)),
  );
  app.get(
    "/api/games/seeds",
    { schema: { tags, response: { 200: seedsViewSchema, ...errors } } },
    async (request) => seedsView(deps, await me(request)),
  );
  app.put(
    "/api/games/seeds",
    {
      config: { userRateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: { tags, body: clientSeedBodySchema, response: { 200: seedPairSchema, ...errors } },
    },
    async (request) => changeClientSeed(deps, await me(request), request.body.clientSeed),
  );
  app.post(
    "/api/games/seeds/rotate",
    {
      config: { userRateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: { tags, response: { 200: rotateSeedsSchema, ...errors } },
    },
    async (request) => rotateSeeds(deps, await me(request)),
  );
  app.get(
    "/api/games/bets",
    {
      schema: {
        tags,
        querystring: gameBetsQuerySchema,
        response: { 200: gameBetsPageSchema, ...errors },
      },
    },
    async (request) => listMyBets(deps, await me(request), request.query),
  );
  app.get(
    "/api/games/verify",
    {
      config: { userRateLimit: { max: 120, timeWindow: "1 minute" } },
      schema: {
        tags,
        summary: "Recompute an outcome from revealed seeds (public)",
        querystring: verifyQuerySchema,
        response: { 200: verifyResultSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => verify(request.query),
  );

  app.post(
    "/api/games/keno/bets",
    { ...play, schema: { tags, body: kenoBetBodySchema, response: played } },
    async (request) => playKeno(deps, await me(request), request.body),
  );

  app.post(
    "/api/games/towers/rounds",
    { ...play, schema: { tags, body: towersRoundBodySchema, response: played } },
    async (request) => startTowers(deps, await me(request), request.body),
  );
  app.get(
    "/api/games/towers/rounds/current",
    { schema: { tags, response: { 200: currentRoundSchema, ...errors } } },
    async (request) => currentRound(deps, await me(request), "towers"),
  );
  app.post(
    "/api/games/towers/rounds/:id/steps",
    {
      ...play,
      schema: { tags, params: uuidParamsSchema, body: towersStepBodySchema, response: played },
    },
    async (request) => stepTowers(deps, await me(request), request.params.id, request.body.tile),
  );
  app.post(
    "/api/games/towers/rounds/:id/cashout",
    { ...play, schema: { tags, params: uuidParamsSchema, response: played } },
    async (request) => cashOutTowers(deps, await me(request), request.params.id),
  );

  app.post(
    "/api/games/hilo/rounds",
    { ...play, schema: { tags, body: hiloRoundBodySchema, response: played } },
    async (request) => startHilo(deps, await me(request), request.body),
  );
  app.get(
    "/api/games/hilo/rounds/current",
    { schema: { tags, response: { 200: currentRoundSchema, ...errors } } },
    async (request) => currentRound(deps, await me(request), "hilo"),
  );
  app.post(
    "/api/games/hilo/rounds/:id/guesses",
    {
      ...play,
      schema: { tags, params: uuidParamsSchema, body: hiloGuessBodySchema, response: played },
    },
    async (request) => guessHilo(deps, await me(request), request.params.id, request.body.guess),
  );
  app.post(
    "/api/games/hilo/rounds/:id/cashout",
    { ...play, schema: { tags, params: uuidParamsSchema, response: played } },
    async (request) => cashOutHilo(deps, await me(request), request.params.id),
  );

  app.post(
    "/api/games/slot/spins",
    { ...play, schema: { tags, response: played } },
    async (request) => spinSlot(deps, await me(request)),
  );
  app.post(
    "/api/games/fre-machine/spins",
    { ...play, schema: { tags, body: freMachineSpinBodySchema, response: played } },
    async (request) => spinFreMachine(deps, await me(request), request.body),
  );
}

/** Admin routes: registered in the admin scope, behind its gate. */
export async function gamesAdminRoutes(
  fastify: FastifyInstance,
  deps: Pick<GamesDeps, "db" | "clock">,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ["admin"];
  const errors = errorResponses(400, 401, 403);
  app.get(
    "/api/admin/games/limits",
    { schema: { tags, response: { 200: gameLimitsSchema, ...errors } } },
    async () => getLimits(deps),
  );
  app.put(
    "/api/admin/games/limits",
    {
      schema: { tags, body: gameLimitsBodySchema, response: { 200: gameLimitsSchema, ...errors } },
    },
    async (request) => setLimits(deps, actorOf(request), request.body),
  );
}
