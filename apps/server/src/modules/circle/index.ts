export { circleAdminRoutes, circleRoutes } from "./circle.routes.ts";
export { type CircleDeps, leaveEveryCircle, reRateOwnersAround } from "./circle.service.ts";
