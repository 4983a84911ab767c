export { squadsAdminRoutes, squadsRoutes } from "./squads.routes.ts";
export type { SquadsDeps } from "./squads.service.ts";
