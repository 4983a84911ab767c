export { auditAdminRoutes } from "./audit.routes.ts";
export {
  type AuditActor,
  type AuditValue,
  adminRoleGrantedBetween,
  recordAudit,
} from "./audit.service.ts";
export { recordChange } from "./audit-change.ts";
export { auditedSetting } from "./audited-setting.ts";
