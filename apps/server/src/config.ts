import { dirname } from "node:path";
import { z } from "zod";
import { parseS3Url } from "./s3-url.ts";

const booleanFromEnv = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

/**
 * The operator's details shown on the legal pages (mentions légales, privacy policy): these
 * defaults suit a local demonstration only and say so — set every LEGAL_* key before going live.
 */
export const LEGAL_DEFAULTS = {
  LEGAL_OPERATOR_NAME: "FRE (démonstration)",
  LEGAL_OPERATOR_FORM: "Forme juridique et capital à renseigner avant la mise en ligne",
  LEGAL_OPERATOR_ADDRESS: "Adresse du siège à renseigner avant la mise en ligne",
  LEGAL_OPERATOR_REGISTRATION: "RCS / SIREN à renseigner avant la mise en ligne",
  LEGAL_OPERATOR_PHONE: "Téléphone à renseigner avant la mise en ligne",
  LEGAL_CONTACT_EMAIL: "contact@fre.local",
  LEGAL_PUBLICATION_DIRECTOR: "Directeur de la publication à renseigner avant la mise en ligne",
  LEGAL_HOST_NAME: "Hébergeur à renseigner avant la mise en ligne",
  LEGAL_HOST_ADDRESS: "Adresse de l'hébergeur à renseigner avant la mise en ligne",
  LEGAL_HOST_PHONE: "Téléphone de l'hébergeur à renseigner avant la mise en ligne",
  LEGAL_PRIVACY_EMAIL: "privacy@fre.local",
} as const;

/** One line of text shown to users: trimmed, bounded, no control or invisible format characters. */
const legalText = (fallback: string) =>
  z
    .string()
    .trim()
    .min(1)
    .max(300)
    .regex(/^[^\p{Cc}\p{Cf}]*$/u, "must not contain control characters")
    .default(fallback);
const legalEmail = (fallback: string) => z.email().max(254).default(fallback);

/**
 * What is wrong with an SMTP URL, in words that never quote it (it carries the password); null
 * when nodemailer can connect with it: smtp(s), a host, a port from 1 to 65535 if any, and a user
 * and password percent-encoded (nodemailer decodes them, and throws at start on a stray `%`).
 */
function smtpUrlProblem(value: string): string | null {
  const authority = /^smtps?:\/\/(?:[^/?#]*@)?([^/?#]*)/.exec(value);
  if (!authority) return "must start with smtp:// or smtps://";
  const [, host = "", port] = /^(\[[^\]]*\]|[^:]*)(?::(.*))?$/.exec(authority[1] ?? "") ?? [];
  if (!host) return "needs a host (smtp://user:pass@host:587)";
  if (port !== undefined && !/^\d{1,5}$/.test(port)) return "the port must be a number";
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) {
    return "the port must be from 1 to 65535";
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "is not a valid URL (smtp://user:pass@host:587; special characters percent-encoded)";
  }
  try {
    decodeURIComponent(url.username);
    decodeURIComponent(url.password);
  } catch {
    return "the user and password must be percent-encoded (%40 for @)";
  }
  return null;
}

/** Every setting of the server, from the environment, validated once at boot. */
export const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /**
   * Interface to listen on. Default: every interface (`0.0.0.0`), but loopback only
   * (`localhost`) while DEV_ROUTES is on.
   */
  HOST: z.string().min(1).max(255).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * Server processes sharing PORT (`node:cluster`, decision 0036): 1 runs one process, as
   * always; more need PostgreSQL. SIGHUP to the primary replaces them one at a time.
   */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /**
   * How long an idle kept-alive connection stays open (announced as `Keep-Alive: timeout=…`). A
   * drain leaves idle connections to expire by it, so it also bounds a drain (decision 0036).
   */
  HTTP_KEEP_ALIVE_MS: z.coerce.number().int().min(1000).max(120_000).default(5000),
  /** Default: `http://localhost:${PORT}` (filled in by loadConfig). */
  PUBLIC_URL: z.url().optional(),
  /**
   * The folder for everything the server writes (decision 0051): the embedded database, the
   * files store's default, the generated data key and the admin code file. Default: `./data`, or
   * the parent of an embedded database named by DATABASE_URL (as before DATA_DIR existed).
   */
  DATA_DIR: z
    .string()
    .trim()
    .min(1)
    .max(1000)
    .regex(/^[^\p{Cc}]*$/u, "must not contain control characters")
    .refine(
      (value) => !/^(?:[a-z][a-z0-9+.-]*:\/\/|pglite:)/i.test(value),
      "must be a folder, not a URL",
    )
    .optional(),
  /** Default: `pglite:<DATA_DIR>/db` (filled in by loadConfig). */
  DATABASE_URL: z
    .string()
    .regex(/^(pglite:|postgres(ql)?:\/\/)/, "must start with pglite: or postgres://")
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(4),
  /**
   * A superuser connection to DATABASE_URL's PostgreSQL database, used at boot only, after the
   * migrations: it hands audit_log to the NOLOGIN role fre_audit_owner, out of the app's role's
   * reach (decision 0050). Without it, the boot warns while the app's role can alter the table.
   */
  DATABASE_MIGRATION_URL: z
    .string()
    .max(2000)
    .regex(/^postgres(ql)?:\/\//, "must start with postgres://")
    .optional(),
  /**
   * Redis for the rate-limit counters (`redis://[:password@]host:6379[/db]`, `rediss://` for TLS):
   * optional; without it they live in PostgreSQL (the embedded database: in its one process).
   */
  REDIS_URL: z
    .string()
    .max(2000)
    .regex(/^rediss?:\/\/[^/?#]+/, "must be redis://host:port or rediss://host:port")
    .optional(),
  AUTH_SECRET: z.string().min(32).optional(),
  /**
   * The auth secret before AUTH_SECRET (decision 0054): session cookies it signed are accepted,
   * and re-signed with AUTH_SECRET, until AUTH_SECRET_PREVIOUS_UNTIL.
   */
  AUTH_SECRET_PREVIOUS: z.string().min(32).max(1000).optional(),
  /** The end of the previous secret's grace period (ISO 8601 date-time). */
  AUTH_SECRET_PREVIOUS_UNTIL: z
    .string()
    .max(40)
    .refine((value) => !Number.isNaN(Date.parse(value)), "must be an ISO date-time")
    .transform((value) => new Date(value))
    .optional(),
  /** `smtp://user:pass@host:587` or `smtps://…` (nodemailer's connection URL). Secret. */
  SMTP_URL: z
    .string()
    .max(2000)
    .superRefine((value, context) => {
      const problem = smtpUrlProblem(value);
      if (problem) context.addIssue({ code: "custom", message: problem });
    })
    .optional(),
  /** `smtp` needs SMTP_URL; `outbox` keeps mails in the database (default without SMTP_URL). */
  MAIL_TRANSPORT: z.enum(["smtp", "outbox"]).optional(),
  /** Dev-only routes (open mail outbox, simulated-chain controls). Default: on for a loopback PUBLIC_URL. */
  DEV_ROUTES: booleanFromEnv.optional(),
  MAIL_FROM: z.string().min(3).default("FRE <no-reply@fre.local>"),
  ADMIN_DEFAULT_ACCESS_CODE: z.string().min(6).max(128).optional(),
  ADMIN_ELEVATION_MINUTES: z.coerce.number().int().min(1).max(240).default(30),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, "must start with mailto: or https://")
    .default("mailto:admin@fre.local"),
  /** `simulated` (a chain inside the server, in the database) or a toncenter v3 base URL. */
  TON_API_URL: z.union([z.literal("simulated"), z.url()]).default("simulated"),
  /** toncenter API key (without one toncenter allows about 1 request a second). */
  TON_API_KEY: z.string().min(8).max(200).optional(),
  /** The network wallets must prove they are on (ton_proof) and addresses are shown for. */
  TON_NETWORK: z.enum(["mainnet", "testnet"]).default("testnet"),
  /** Where shop payments go; required with a real chain (simulated: a fixed simulated address). */
  SHOP_RECEIVE_ADDRESS: z
    .string()
    .regex(
      /^(?:-?\d{1,3}:[0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{48})$/,
      "must be a TON address (raw 0:… or user-friendly)",
    )
    .optional(),
  /**
   * Withdrawals paid out from the hot wallet. Default: on with the simulated chain; with a real
   * chain, on when TON_HOT_WALLET_MNEMONIC or FRE_JETTON_MASTER is set (then both are required).
   */
  WITHDRAWALS_ENABLED: booleanFromEnv.optional(),
  /** The hot wallet (wallet v4R2) paying withdrawals on a real chain: its 24 words. Secret. */
  TON_HOT_WALLET_MNEMONIC: z
    .string()
    .trim()
    .regex(/^[a-z]{3,8}(?:\s+[a-z]{3,8}){23}$/, "must be the 24 lowercase words of a TON wallet")
    .optional(),
  /**
   * The hot wallet's contract: `v4r2` (default, the address existing setups have) or `v5r1`
   * (W5: up to 255 payouts per signed message instead of 4, decision 0075). The address derives
   * from it: changing it is moving to another wallet (docs/ton.md).
   */
  TON_HOT_WALLET_KIND: z.enum(["v4r2", "v5r1"]).default("v4r2"),
  /** The FRE jetton master's address (payouts are TEP-74 transfers of this jetton). */
  FRE_JETTON_MASTER: z
    .string()
    .regex(
      /^(?:-?\d{1,3}:[0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{48})$/,
      "must be a TON address (raw 0:… or user-friendly)",
    )
    .optional(),
  /** How often the shop's address is read for new payments. */
  TON_POLL_MS: z.coerce.number().int().min(1000).max(600_000).default(5000),
  /**
   * The TON price service: a base URL speaking CoinGecko's simple price API
   * (`https://api.coingecko.com`). Empty (the default): off, the price is shown as unavailable.
   */
  TON_PRICE_URL: z
    .union([z.literal(""), z.url({ protocol: /^https?$/, error: "must be an http(s) URL" })])
    .default(""),
  /** CoinGecko API key (demo or pro), sent with each price request. Secret. */
  TON_PRICE_API_KEY: z.string().min(8).max(200).optional(),
  /** How often the TON price is fetched (the spec's 5 minutes). */
  TON_PRICE_REFRESH_MS: z.coerce.number().int().min(10_000).max(3_600_000).default(300_000),
  /**
   * The key encrypting KYC data at rest (AES-256-GCM): 32 bytes as 64 hex digits or base64.
   * Required with PostgreSQL or a public address; the embedded default generates one into the
   * database's folder (`./data/data-encryption.key`).
   */
  DATA_ENCRYPTION_KEY: z
    .string()
    .regex(
      /^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/,
      "must be 32 bytes as 64 hex digits or base64 (openssl rand -hex 32)",
    )
    .optional(),
  /**
   * The keys KYC data was sealed with before DATA_ENCRYPTION_KEY (comma list, same format): read,
   * never written, while `npm run rotate-key` moves everything to the current key (decision 0054).
   */
  DATA_ENCRYPTION_KEY_PREVIOUS: z
    .string()
    .max(1000)
    .regex(
      /^\s*(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)(?:\s*,\s*(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?))*\s*$/,
      "must be a comma list of 32-byte keys (64 hex digits or base64)",
    )
    .optional(),
  /** Where KYC documents go: `s3://KEY:SECRET@bucket?endpoint=…&region=…` or a folder (default: `files` next to the embedded database). */
  FILES_URL: z
    .string()
    .max(2000)
    .superRefine((value, context) => {
      if (!value.startsWith("s3://")) {
        if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) && !value.startsWith("file://")) {
          context.addIssue({ code: "custom", message: "must be s3://…, file://… or a folder" });
        }
        return;
      }
      try {
        parseS3Url(value);
      } catch (error) {
        context.addIssue({ code: "custom", message: (error as Error).message });
      }
    })
    .optional(),
  /** Demo miners, a welcome message and a welcome bonus code on a new database (`auto`: embedded only). */
  DEMO_CONTENT: z.enum(["auto", "on", "off"]).default("auto"),
  WEB_DIST: z.string().default("apps/web/dist"),
  /** Draw /dashboard, /leaderboard and /wallet on the server for a signed-in user (decision 0022). */
  SERVER_RENDER: booleanFromEnv.default(true),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: booleanFromEnv.default(false),
  /**
   * API requests per minute per address: a flood guard sized for a carrier address (CGNAT puts
   * hundreds of phones behind one), not a fair share — that is USER_RATE_LIMIT_MAX.
   */
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(6000),
  /**
   * Milliseconds between two shares of the per-address and fair-share counts between processes
   * (decision 0067): a check costs no round trip; a burst spread over processes may pass those
   * two limits by what the others let through in one interval. 0: every check waits for the
   * shared count. The auth and per-route limits are exact either way.
   */
  RATE_LIMIT_SYNC_MS: z.coerce.number().int().min(0).max(10_000).default(250),
  /** API requests per minute per signed-in user: each person's fair share. */
  USER_RATE_LIMIT_MAX: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /** Game plays (bets, steps, spins) per user per minute. */
  GAME_PLAYS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
  /**
   * The Telegram bot's token (from @BotFather, `123456:ABC…`): Mini App init data is checked
   * against it. Unset (the default): Telegram sign-in is off and its button hidden. Secret.
   */
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(
      /^\d{3,20}:[A-Za-z0-9_-]{30,100}$/,
      "must be the bot's token as @BotFather gives it: digits, a colon, then about 35 letters, digits, _ or - (123456789:AA…, from @BotFather's /token)",
    )
    .optional(),
  /**
   * The Mini App's link (`https://t.me/<bot>/<app>`): TON Connect sends the user back there from
   * the wallet app inside Telegram. Optional; without it the wallet returns with "back".
   */
  TELEGRAM_MINI_APP_URL: z
    .url({ protocol: /^https$/, hostname: /^t\.me$/, error: "must be an https://t.me/… link" })
    .optional(),
  /**
   * The Telegram Bot API's base URL (`https://api.telegram.org`): the bot's reminders and channel
   * checks go there with TELEGRAM_BOT_TOKEN. Tests point it at a local fake Bot API server.
   */
  TELEGRAM_API_URL: z
    .url({ protocol: /^https?$/, error: "must be an http(s) URL (https://api.telegram.org)" })
    .max(2000)
    .refine((value) => !/[?#]/.test(value), "must be a base URL, without query or fragment")
    .default("https://api.telegram.org"),
  /**
   * Proof of work (ALTCHA) before a sign-up and a user's first mining start (decision 0044).
   * `off` only for API tests and benches: bots then sign up for free (a warning at boot).
   */
  PROOF_OF_WORK: z.enum(["on", "off"]).default("on"),
  /** Sign-in, sign-up and mail requests per minute per address (session reads are not counted). */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
  /** Web-vitals reports (`POST /api/vitals`, one per sampled page view) per minute per address. */
  VITALS_RATE_LIMIT_MAX: z.coerce.number().int().min(1).max(1_000_000).default(60),
  HEALTH_INTERVAL_MS: z.coerce.number().int().min(1000).default(300_000),
  /** Bearer token for /metrics; without it /metrics answers loopback callers only. */
  METRICS_TOKEN: z.string().min(16).max(256).optional(),
  /** Hosts (`host` or `host:port`, comma-separated) push endpoints may use even when not public. */
  /** The operator's details on the legal pages (LEGAL_DEFAULTS: a demonstration's). */
  LEGAL_OPERATOR_NAME: legalText(LEGAL_DEFAULTS.LEGAL_OPERATOR_NAME),
  /** Legal form and share capital (`SAS au capital de 10 000 €`). */
  LEGAL_OPERATOR_FORM: legalText(LEGAL_DEFAULTS.LEGAL_OPERATOR_FORM),
  LEGAL_OPERATOR_ADDRESS: legalText(LEGAL_DEFAULTS.LEGAL_OPERATOR_ADDRESS),
  /** RCS city and number, SIREN. */
  LEGAL_OPERATOR_REGISTRATION: legalText(LEGAL_DEFAULTS.LEGAL_OPERATOR_REGISTRATION),
  LEGAL_OPERATOR_PHONE: legalText(LEGAL_DEFAULTS.LEGAL_OPERATOR_PHONE),
  LEGAL_CONTACT_EMAIL: legalEmail(LEGAL_DEFAULTS.LEGAL_CONTACT_EMAIL),
  LEGAL_PUBLICATION_DIRECTOR: legalText(LEGAL_DEFAULTS.LEGAL_PUBLICATION_DIRECTOR),
  LEGAL_HOST_NAME: legalText(LEGAL_DEFAULTS.LEGAL_HOST_NAME),
  LEGAL_HOST_ADDRESS: legalText(LEGAL_DEFAULTS.LEGAL_HOST_ADDRESS),
  LEGAL_HOST_PHONE: legalText(LEGAL_DEFAULTS.LEGAL_HOST_PHONE),
  /** Where people exercise their data rights: the DPO or the privacy contact. */
  LEGAL_PRIVACY_EMAIL: legalEmail(LEGAL_DEFAULTS.LEGAL_PRIVACY_EMAIL),
  PUSH_ENDPOINT_ALLOW: z
    .string()
    .max(2000)
    .transform((value) =>
      value
        .split(",")
        .map((host) => host.trim().toLowerCase())
        .filter((host) => host.length > 0),
    )
    .default([]),
});

type ParsedConfig = z.infer<typeof configSchema>;
export type Config = Omit<
  ParsedConfig,
  | "HOST"
  | "PUBLIC_URL"
  | "MAIL_TRANSPORT"
  | "DEV_ROUTES"
  | "WITHDRAWALS_ENABLED"
  | "DATA_DIR"
  | "DATABASE_URL"
  | "FILES_URL"
> & {
  DATA_DIR: string;
  DATABASE_URL: string;
  /** `<DATA_DIR>/files` unless set. */
  FILES_URL: string;
  HOST: string;
  /** HOST was set although DEV_ROUTES is on, to an address other machines may reach. */
  HOST_EXPOSES_DEV_ROUTES: boolean;
  PUBLIC_URL: string;
  MAIL_TRANSPORT: "smtp" | "outbox";
  DEV_ROUTES: boolean;
  WITHDRAWALS_ENABLED: boolean;
};

/** True for http(s) URLs on localhost, 127.0.0.0/8 or [::1]. */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.toLowerCase();
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    host === "[::1]"
  );
}

/** True for a listening address only this machine reaches. */
function isLoopbackHost(host: string): boolean {
  const bare = host.toLowerCase().replace(/^\[|\]$/g, "");
  return bare === "localhost" || bare === "::1" || /^127(\.\d{1,3}){3}$/.test(bare);
}

/**
 * DATA_DIR and DATABASE_URL, each defaulting from the other: nothing set is `./data` and
 * `pglite:./data/db`; an embedded database named alone keeps its data beside it, as it always did
 * (its key file and documents stay where they are); PostgreSQL alone writes under `./data`.
 */
function dataLocations(parsed: Pick<ParsedConfig, "DATA_DIR" | "DATABASE_URL">) {
  const embedded = parsed.DATABASE_URL?.startsWith("pglite:")
    ? parsed.DATABASE_URL.slice("pglite:".length)
    : "";
  const onDisk = embedded !== "" && embedded !== "memory:";
  const DATA_DIR = parsed.DATA_DIR ?? (onDisk ? dirname(embedded) : "./data");
  const DATABASE_URL = parsed.DATABASE_URL ?? `pglite:${DATA_DIR.replace(/\/+$/, "")}/db`;
  return { DATA_DIR, DATABASE_URL };
}

/** Fills in the defaults that depend on other keys and refuses unsafe combinations. */
function resolveConfig(parsedKeys: ParsedConfig): { config?: Config; problems: string[] } {
  const problems: string[] = [];
  const { DATA_DIR, DATABASE_URL } = dataLocations(parsedKeys);
  const parsed = {
    ...parsedKeys,
    DATA_DIR,
    DATABASE_URL,
    FILES_URL: parsedKeys.FILES_URL ?? `${DATA_DIR.replace(/\/+$/, "")}/files`,
  };
  const PUBLIC_URL = parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`;
  const loopback = isLoopbackUrl(PUBLIC_URL);
  const MAIL_TRANSPORT = parsed.MAIL_TRANSPORT ?? (parsed.SMTP_URL ? "smtp" : "outbox");
  if (MAIL_TRANSPORT === "smtp" && !parsed.SMTP_URL) {
    problems.push("MAIL_TRANSPORT: smtp needs SMTP_URL (smtp://user:pass@host:587)");
  }
  if (!loopback && !parsed.SMTP_URL && parsed.MAIL_TRANSPORT !== "outbox") {
    problems.push(
      `SMTP_URL: required when PUBLIC_URL (${PUBLIC_URL}) is not a loopback address — set ` +
        "SMTP_URL=smtp://user:pass@host:587 so mails reach users, or MAIL_TRANSPORT=outbox to keep " +
        "them in the database, readable only by an elevated admin at /admin/outbox",
    );
  }
  if (parsed.TON_API_URL !== "simulated" && !parsed.SHOP_RECEIVE_ADDRESS) {
    problems.push(
      "SHOP_RECEIVE_ADDRESS: required with a real chain (TON_API_URL) — the wallet address " +
        "that receives shop payments",
    );
  }
  const realChain = parsed.TON_API_URL !== "simulated";
  const WITHDRAWALS_ENABLED =
    parsed.WITHDRAWALS_ENABLED ??
    (!realChain || Boolean(parsed.TON_HOT_WALLET_MNEMONIC || parsed.FRE_JETTON_MASTER));
  if (realChain && WITHDRAWALS_ENABLED) {
    // Never quote the mnemonic: only the key's name.
    if (!parsed.TON_HOT_WALLET_MNEMONIC) {
      problems.push(
        "TON_HOT_WALLET_MNEMONIC: required with a real chain (TON_API_URL) while withdrawals are " +
          "enabled — the 24 words of the hot wallet (v4R2) that pays them, or WITHDRAWALS_ENABLED=false",
      );
    }
    if (!parsed.FRE_JETTON_MASTER) {
      problems.push(
        "FRE_JETTON_MASTER: required with a real chain (TON_API_URL) while withdrawals are " +
          "enabled — the FRE jetton master's address, or WITHDRAWALS_ENABLED=false",
      );
    }
  }
  if (!parsed.DATA_ENCRYPTION_KEY && (!loopback || parsed.DATABASE_URL.startsWith("postgres"))) {
    problems.push(
      "DATA_ENCRYPTION_KEY: required with PostgreSQL or a non-loopback PUBLIC_URL — 32 random " +
        "bytes in hex (openssl rand -hex 32), the same on every instance and kept safe: the KYC " +
        "data it encrypts cannot be read without it",
    );
  }
  if (parsed.AUTH_SECRET_PREVIOUS && !parsed.AUTH_SECRET_PREVIOUS_UNTIL) {
    problems.push(
      "AUTH_SECRET_PREVIOUS_UNTIL: required with AUTH_SECRET_PREVIOUS — when the previous " +
        "secret's sessions stop being accepted (an ISO date-time, e.g. 30 days ahead)",
    );
  }
  if (parsed.DATABASE_MIGRATION_URL && parsed.DATABASE_URL.startsWith("pglite:")) {
    problems.push(
      "DATABASE_MIGRATION_URL: only with DATABASE_URL=postgres://… — the embedded database has " +
        "one role, a superuser, and one local process: no connection of it can be kept from the " +
        "audit log (decision 0050)",
    );
  }
  if (parsed.WEB_CONCURRENCY > 1 && parsed.DATABASE_URL.startsWith("pglite:")) {
    problems.push(
      `WEB_CONCURRENCY: ${parsed.WEB_CONCURRENCY} processes need PostgreSQL — the embedded ` +
        "database (DATABASE_URL=pglite:…) allows one process; set DATABASE_URL=postgres://… or " +
        "leave WEB_CONCURRENCY at 1",
    );
  }
  const DEV_ROUTES = parsed.DEV_ROUTES ?? loopback;
  // Dev routes answer callers on this machine only; listening on loopback keeps the rest of
  // the network from even reaching them, unless HOST says otherwise.
  const HOST = parsed.HOST ?? (DEV_ROUTES ? "localhost" : "0.0.0.0");
  const HOST_EXPOSES_DEV_ROUTES = DEV_ROUTES && parsed.HOST !== undefined && !isLoopbackHost(HOST);
  if (problems.length > 0) return { problems };
  return {
    config: {
      ...parsed,
      HOST,
      HOST_EXPOSES_DEV_ROUTES,
      PUBLIC_URL,
      MAIL_TRANSPORT,
      DEV_ROUTES,
      WITHDRAWALS_ENABLED,
    },
    problems,
  };
}

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
  const { config, problems } = resolveConfig(parsed.data);
  if (!config) throw new ConfigError(problems);
  return config;
}
