export { tasksAdminRoutes, tasksRoutes } from "./tasks.routes.ts";
export {
  type ChannelMembership,
  releaseWithheldTaskRewards,
  type TasksDeps,
} from "./tasks.service.ts";
