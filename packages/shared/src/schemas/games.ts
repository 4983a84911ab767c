/** The games' schemas live beside the game registry (games/game-schemas.ts says why). */
export * from "../games/bet-bodies.ts";
export * from "../games/game-schemas.ts";
