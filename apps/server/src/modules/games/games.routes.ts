import { DICE, GAMES, type GameId, isDiceTarget } from "@fre/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { actorOf } from "../../http/admin-gate.ts";
import { type ExtraOptions, handle } from "../../http/contract-route.ts";
import { AppError } from "../../lib/errors.ts";
import {
  changeClientSeed,
  type GamesDeps,
  gamesView,
  getLimits,
  listMyBets,
  playDice,
  playKeno,
  rotateSeeds,
  seedsView,
  setLimits,
  verify,
} from "./games.service.ts";
import { cashOutMines, revealMines, startMines } from "./games-mines.service.ts";
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

/**
 * A target the body schema refuses anyway, answered with its own message (the bounds, two
 * decimals) rather than the generic VALIDATION_ERROR: the player typed it.
 */
async function refuseBadDiceTarget(request: FastifyRequest) {
  const body = request.body as { target?: unknown } | null | undefined;
  if (!body || typeof body !== "object" || !("target" in body) || isDiceTarget(body.target)) return;
  throw new AppError(
    "BAD_DICE_TARGET",
    400,
    { min: String(DICE.minTarget), max: String(DICE.maxTarget) },
    { issues: [{ path: "target", message: "a number from 2 to 98, two decimals at most" }] },
  );
}

type PlayRoutes = (app: FastifyInstance, deps: GamesDeps, play: ExtraOptions) => void;

/** Each game's play routes, keyed by the registry's ids: a game without routes does not compile. */
const playRoutes: Record<GameId, PlayRoutes> = {
  keno: (app, deps, play) =>
    handle(
      app,
      "POST /api/games/keno/bets",
      ({ viewer, body }) => playKeno(deps, viewer.userId, body),
      play,
    ),
  dice: (app, deps, play) =>
    handle(
      app,
      "POST /api/games/dice/bets",
      ({ viewer, body }) => playDice(deps, viewer.userId, body),
      { ...play, preValidation: refuseBadDiceTarget },
    ),
  towers: (app, deps, play) => {
    handle(
      app,
      "POST /api/games/towers/rounds",
      ({ viewer, body }) => startTowers(deps, viewer.userId, body),
      play,
    );
    handle(app, "GET /api/games/towers/rounds/current", ({ viewer }) =>
      currentRound(deps, viewer.userId, "towers"),
    );
    handle(
      app,
      "POST /api/games/towers/rounds/:id/steps",
      ({ viewer, params, body }) => stepTowers(deps, viewer.userId, params.id, body.tile),
      play,
    );
    handle(
      app,
      "POST /api/games/towers/rounds/:id/cashout",
      ({ viewer, params }) => cashOutTowers(deps, viewer.userId, params.id),
      play,
    );
  },
  hilo: (app, deps, play) => {
    handle(
      app,
      "POST /api/games/hilo/rounds",
      ({ viewer, body }) => startHilo(deps, viewer.userId, body),
      play,
    );
    handle(app, "GET /api/games/hilo/rounds/current", ({ viewer }) =>
      currentRound(deps, viewer.userId, "hilo"),
    );
    handle(
      app,
      "POST /api/games/hilo/rounds/:id/guesses",
      ({ viewer, params, body }) => guessHilo(deps, viewer.userId, params.id, body.guess),
      play,
    );
    handle(
      app,
      "POST /api/games/hilo/rounds/:id/cashout",
      ({ viewer, params }) => cashOutHilo(deps, viewer.userId, params.id),
      play,
    );
  },
  mines: (app, deps, play) => {
    handle(
      app,
      "POST /api/games/mines/rounds",
      ({ viewer, headers, body }) =>
        startMines(deps, viewer.userId, headers["idempotency-key"], body),
      play,
    );
    handle(app, "GET /api/games/mines/rounds/current", ({ viewer }) =>
      currentRound(deps, viewer.userId, "mines"),
    );
    handle(
      app,
      "POST /api/games/mines/rounds/:id/reveal",
      ({ viewer, params, body }) => revealMines(deps, viewer.userId, params.id, body.tile),
      play,
    );
    handle(
      app,
      "POST /api/games/mines/rounds/:id/cashout",
      ({ viewer, params }) => cashOutMines(deps, viewer.userId, params.id),
      play,
    );
  },
  slot: (app, deps, play) =>
    handle(app, "POST /api/games/slot/spins", ({ viewer }) => spinSlot(deps, viewer.userId), play),
  "fre-machine": (app, deps, play) =>
    handle(
      app,
      "POST /api/games/fre-machine/spins",
      ({ viewer, body }) => spinFreMachine(deps, viewer.userId, body),
      play,
    ),
};

/** Signed-in routes (registered inside the signed-in scope). */
export async function gamesRoutes(
  app: FastifyInstance,
  deps: GamesDeps & { playsPerMinute?: number },
) {
  const seedChanges = { config: { userRateLimit: { max: 30, timeWindow: "1 minute" } } };
  handle(app, "GET /api/games", ({ viewer }) => gamesView(deps, viewer.userId));
  handle(app, "GET /api/games/seeds", ({ viewer }) => seedsView(deps, viewer.userId));
  handle(
    app,
    "PUT /api/games/seeds",
    ({ viewer, body }) => changeClientSeed(deps, viewer.userId, body.clientSeed),
    seedChanges,
  );
  handle(
    app,
    "POST /api/games/seeds/rotate",
    ({ viewer }) => rotateSeeds(deps, viewer.userId),
    seedChanges,
  );
  handle(app, "GET /api/games/bets", ({ viewer, query }) => listMyBets(deps, viewer.userId, query));
  const play = {
    config: { userRateLimit: { ...PLAY_LIMIT, max: deps.playsPerMinute ?? PLAY_LIMIT.max } },
  };
  for (const game of GAMES) playRoutes[game](app, deps, play);
}

/** Public: anyone may recompute an outcome from revealed seeds. */
export async function gamesPublicRoutes(app: FastifyInstance) {
  handle(app, "GET /api/games/verify", ({ query }) => verify(query), {
    config: { userRateLimit: { max: 120, timeWindow: "1 minute" } },
  });
}

/** Admin routes: registered in the admin scope, behind its gate. */
export async function gamesAdminRoutes(
  app: FastifyInstance,
  deps: Pick<GamesDeps, "db" | "clock" | "memory">,
) {
  handle(app, "GET /api/admin/games/limits", () => getLimits(deps));
  handle(app, "PUT /api/admin/games/limits", ({ body }, request) =>
    setLimits(deps, actorOf(request), body),
  );
}
