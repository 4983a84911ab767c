export { adsAdminRoutes, adsRoutes } from "./ads.routes.ts";
export type { AdsDeps } from "./ads.service.ts";
