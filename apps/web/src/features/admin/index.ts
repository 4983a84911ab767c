export { ADMIN_SECTIONS, type AdminSection } from "./admin-sections";
export { AdminAccessGate } from "./components/admin-access-gate";
export { AdminExitWatcher } from "./hooks/use-admin-exit";
