export { featuresAdminRoutes, featuresRoutes } from "./features.routes.ts";
export {
  createFeatureStore,
  type FeatureStore,
  type FeaturesDeps,
} from "./features.service.ts";
export { installFeatureGate } from "./features-gate.ts";
