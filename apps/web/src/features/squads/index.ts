// The /squads and /squad/:id pages load lazily (app/router.tsx): nothing of this feature is
// imported eagerly.
export const SQUADS_PATH = "/squads";
