export { squadsAdminRoutes, squadsPublicRoutes, squadsRoutes } from "./squads.routes.ts";
export { leaveSquadOnErasure, type SquadsDeps } from "./squads.service.ts";
