import { z } from "zod";

const booleanFromEnv = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

/** Every setting of the server, from the environment, validated once at boot. */
export const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().default("http://localhost:3000"),
  DATABASE_URL: z
    .string()
    .regex(/^(pglite:|postgres(ql)?:\/\/)/, "must start with pglite: or postgres://")
    .default("pglite:./data/db"),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(4),
  AUTH_SECRET: z.string().min(32).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("FRE <no-reply@fre.local>"),
  ADMIN_DEFAULT_ACCESS_CODE: z.string().min(6).max(128).optional(),
  ADMIN_ELEVATION_MINUTES: z.coerce.number().int().min(1).max(240).default(30),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, "must start with mailto: or https://")
    .default("mailto:admin@fre.local"),
  TON_API_URL: z.union([z.literal("simulated"), z.url()]).default("simulated"),
  /** Demo miners, a welcome message and a welcome bonus code on a new database (`auto`: embedded only). */
  DEMO_CONTENT: z.enum(["auto", "on", "off"]).default("auto"),
  WEB_DIST: z.string().default("apps/web/dist"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: booleanFromEnv.default(false),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(60),
  HEALTH_INTERVAL_MS: z.coerce.number().int().min(1000).default(300_000),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

/** Parses the environment; throws a ConfigError listing every bad key. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ""),
  );
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`),
    );
  }
  return parsed.data;
}
