export { ADMIN_SECTIONS, type AdminSection } from "./admin-sections";
export { adminKeys } from "./api/admin-access-api";
export { AdminAccessGate } from "./components/admin-access-gate";
export { AdminExitWatcher } from "./hooks/use-admin-exit";
export { useDropElevationOn } from "./hooks/use-admin-queries";
