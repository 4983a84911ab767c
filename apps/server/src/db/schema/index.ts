export * from "./auth.ts";
export * from "./mining.ts";
export * from "./notifications.ts";
export * from "./platform.ts";
