export * from "./auth.ts";
export * from "./bonus-codes.ts";
export * from "./contest.ts";
export * from "./messages.ts";
export * from "./mining.ts";
export * from "./notifications.ts";
export * from "./platform.ts";
export * from "./push.ts";
