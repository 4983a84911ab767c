export { circleAdminRoutes, circleRoutes } from "./circle.routes.ts";
export { type CircleDeps, referralCap } from "./circle.service.ts";
