export { featuresKeys, isPlatformRefusal } from "./api/features-api";
export { FeatureGuard } from "./components/feature-guard";
export { MaintenanceGate } from "./components/maintenance-gate";
export { useFeatures } from "./hooks/use-features";
