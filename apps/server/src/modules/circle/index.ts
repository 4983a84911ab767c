// The admin user page lists a user's circle with the same rule of who counts (decision 0056).
export { listMembers } from "./circle.repo.ts";
export { circleAdminRoutes, circleRoutes } from "./circle.routes.ts";
export { type CircleDeps, leaveEveryCircle, reRateOwnersAround } from "./circle.service.ts";
