export { riskAdminRoutes } from "./risk.routes.ts";
export {
  type RiskDeps,
  type RiskRunLock,
  riskRunLock,
  runNightlyScoring,
} from "./risk.service.ts";
