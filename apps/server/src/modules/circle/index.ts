export { circleAdminRoutes, circleRoutes } from "./circle.routes.ts";
export type { CircleDeps } from "./circle.service.ts";
