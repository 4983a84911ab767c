export { ADMIN_SECTIONS, type AdminSection } from "./admin-sections";
export { AdminAccessGate } from "./components/admin-access-gate";
export { AdminPhoneMenu, AdminSidebar } from "./components/admin-nav";
export { AdminUserSearch } from "./components/admin-user-search";
export { AdminExitWatcher } from "./hooks/use-admin-exit";
export { useAdminAccess } from "./hooks/use-admin-queries";
