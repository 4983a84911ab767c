import { z } from "zod";
import {
  clientSeedBodySchema,
  diceBetBodySchema,
  freMachineSpinBodySchema,
  hiloGuessBodySchema,
  hiloRoundBodySchema,
  kenoBetBodySchema,
  towersRoundBodySchema,
  towersStepBodySchema,
} from "../games/bet-bodies.ts";
import {
  currentRoundSchemaOf,
  gameBetsPageSchema,
  gameBetsQuerySchema,
  gameLimitsBodySchema,
  gameLimitsSchema,
  gameSchemas,
  gamesViewSchema,
  rotateSeedsSchema,
  seedPairSchema,
  seedsViewSchema,
  verifyQuerySchema,
  verifyResultSchema,
} from "../games/game-schemas.ts";
import { minesRevealBodySchema, minesRoundBodySchema } from "../games/mines.ts";
import { idempotencyKeySchema, uuidParamsSchema } from "../schemas/common.ts";
import { defineContracts, route } from "./contract.ts";

const tag = "games";
const errors = [400, 401, 404, 409, 429] as const;
/** A play route of game G: it answers G's own play (its outcome typed by the registry). */
const play = <G extends keyof typeof gameSchemas>(game: G) =>
  ({ access: "user", tag, response: gameSchemas[game].play, errors }) as const;

/** The games module's routes (apps/server/src/modules/games). */
export const gamesContracts = defineContracts([
  route({
    method: "GET",
    path: "/api/games",
    access: "user",
    tag,
    response: gamesViewSchema,
    errors,
  }),
  route({
    method: "GET",
    path: "/api/games/seeds",
    access: "user",
    tag,
    response: seedsViewSchema,
    errors,
  }),
  route({
    method: "PUT",
    path: "/api/games/seeds",
    access: "user",
    tag,
    body: clientSeedBodySchema,
    response: seedPairSchema,
    errors,
  }),
  route({
    method: "POST",
    path: "/api/games/seeds/rotate",
    access: "user",
    tag,
    response: rotateSeedsSchema,
    errors,
  }),
  route({
    method: "GET",
    path: "/api/games/bets",
    access: "user",
    tag,
    query: gameBetsQuerySchema,
    response: gameBetsPageSchema,
    errors,
  }),
  route({
    method: "GET",
    path: "/api/games/verify",
    access: "public",
    tag,
    summary: "Recompute an outcome from revealed seeds (public)",
    query: verifyQuerySchema,
    response: verifyResultSchema,
    errors: [400, 429],
  }),
  route({ ...play("keno"), method: "POST", path: "/api/games/keno/bets", body: kenoBetBodySchema }),
  route({
    ...play("dice"),
    method: "POST",
    path: "/api/games/dice/bets",
    summary: "Roll 0.00–99.99: over or under the target wins 0.99 / P",
    body: diceBetBodySchema,
  }),
  route({
    ...play("towers"),
    method: "POST",
    path: "/api/games/towers/rounds",
    body: towersRoundBodySchema,
  }),
  route({
    method: "GET",
    path: "/api/games/towers/rounds/current",
    access: "user",
    tag,
    response: currentRoundSchemaOf("towers"),
    errors,
  }),
  route({
    ...play("towers"),
    method: "POST",
    path: "/api/games/towers/rounds/:id/steps",
    params: uuidParamsSchema,
    body: towersStepBodySchema,
  }),
  route({
    ...play("towers"),
    method: "POST",
    path: "/api/games/towers/rounds/:id/cashout",
    params: uuidParamsSchema,
  }),
  route({
    ...play("hilo"),
    method: "POST",
    path: "/api/games/hilo/rounds",
    body: hiloRoundBodySchema,
  }),
  route({
    method: "GET",
    path: "/api/games/hilo/rounds/current",
    access: "user",
    tag,
    response: currentRoundSchemaOf("hilo"),
    errors,
  }),
  route({
    ...play("hilo"),
    method: "POST",
    path: "/api/games/hilo/rounds/:id/guesses",
    params: uuidParamsSchema,
    body: hiloGuessBodySchema,
  }),
  route({
    ...play("hilo"),
    method: "POST",
    path: "/api/games/hilo/rounds/:id/cashout",
    params: uuidParamsSchema,
  }),
  route({ ...play("slot"), method: "POST", path: "/api/games/slot/spins" }),
  route({
    ...play("fre-machine"),
    method: "POST",
    path: "/api/games/fre-machine/spins",
    body: freMachineSpinBodySchema,
  }),
  route({
    ...play("mines"),
    method: "POST",
    path: "/api/games/mines/rounds",
    summary:
      "Opens a Mines round (1–24 mines); needs an Idempotency-Key header: the same key answers the same round",
    headers: z.object({ "idempotency-key": idempotencyKeySchema }),
    body: minesRoundBodySchema,
    errors: [...errors, 422],
  }),
  route({
    method: "GET",
    path: "/api/games/mines/rounds/current",
    access: "user",
    tag,
    response: currentRoundSchemaOf("mines"),
    errors,
  }),
  route({
    ...play("mines"),
    method: "POST",
    path: "/api/games/mines/rounds/:id/reveal",
    params: uuidParamsSchema,
    body: minesRevealBodySchema,
  }),
  route({
    ...play("mines"),
    method: "POST",
    path: "/api/games/mines/rounds/:id/cashout",
    params: uuidParamsSchema,
  }),
  route({
    method: "GET",
    path: "/api/admin/games/limits",
    access: "admin",
    tag: "admin",
    response: gameLimitsSchema,
    errors: [400, 401, 403],
  }),
  route({
    method: "PUT",
    path: "/api/admin/games/limits",
    access: "admin",
    tag: "admin",
    body: gameLimitsBodySchema,
    response: gameLimitsSchema,
    errors: [400, 401, 403],
  }),
]);
