export { circleAdminRoutes, circleRoutes } from "./circle.routes.ts";
export { type CircleDeps, leaveEveryCircle } from "./circle.service.ts";
