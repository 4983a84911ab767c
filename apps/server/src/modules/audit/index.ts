export { auditAdminRoutes } from "./audit.routes.ts";
export { type AuditActor, type AuditValue, recordAudit } from "./audit.service.ts";
