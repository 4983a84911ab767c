export { dailyAdminRoutes, dailyRoutes } from "./daily.routes.ts";
export { type DailyDeps, sendDailyReminders } from "./daily.service.ts";
