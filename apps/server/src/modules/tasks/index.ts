export { tasksAdminRoutes, tasksRoutes } from "./tasks.routes.ts";
export type { ChannelMembership, TasksDeps } from "./tasks.service.ts";
