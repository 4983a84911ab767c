export * from "./auth.ts";
export * from "./platform.ts";
