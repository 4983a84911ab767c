export * from "./constants.ts";
export * from "./errors.ts";
export * from "./password.ts";
export * from "./schemas/admin.ts";
export * from "./schemas/auth.ts";
export * from "./schemas/common.ts";
export * from "./schemas/health.ts";
export * from "./schemas/me.ts";
