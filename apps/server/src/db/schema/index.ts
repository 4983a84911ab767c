export * from "./auth.ts";
export * from "./platform.ts";
export * from "./mining.ts";
export * from "./notifications.ts";
