import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import {
  DEFAULT_LANGUAGE,
  isTakeableNickname,
  languageSchema,
  nicknameSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "@fre/shared";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { betterAuth } from "better-auth/minimal";
import type { Db } from "../../db/client.ts";
import { accounts, sessions, users, verifications } from "../../db/schema/index.ts";
import type { Clock } from "../../lib/clock.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import { referralCodeExists, stampVerificationSent } from "./auth.repo.ts";
import { referralCodeFor } from "./referral-code.ts";
import { telegramSessionPlugin } from "./telegram-session.ts";

/** What the sign-up route resolved before Better Auth creates the user. */
export interface SignUpContext {
  referrerId: string | null;
}
export const signUpContext = new AsyncLocalStorage<SignUpContext>();

export interface AuthDeps {
  db: Db;
  /** Its verification and reset mails go through the outbox (decision 0032). */
  events: Pick<DomainEvents, "mail">;
  clock: Clock;
  secret: string;
  publicUrl: string;
  /** Better Auth's own messages go to our logger (message only: its arguments may hold PII). */
  log: (level: "error" | "warn" | "info" | "debug", message: string) => void;
}

/** Origins allowed to call the auth routes: the public URL, and its loopback twin in local use. */
export function trustedOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  const origins = [url.origin];
  const twin = { localhost: "127.0.0.1", "127.0.0.1": "localhost" }[url.hostname];
  if (twin) origins.push(`${url.protocol}//${twin}${url.port ? `:${url.port}` : ""}`);
  return origins;
}

async function uniqueReferralCode(db: Db, nickname: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const code = referralCodeFor(nickname);
    if (!(await referralCodeExists(db, code))) return code;
  }
  throw new Error("Could not find a free referral code");
}

/** The user fields Better Auth may change (a verified address); every other write is refused. */
const BETTER_AUTH_USER_WRITES = new Set(["emailVerified", "updatedAt"]);

/** A nickname our sign-up would accept: the pattern, and never an erased account's name. */
function isAcceptedNickname(nickname: string): boolean {
  return nicknameSchema.safeParse(nickname).success && isTakeableNickname(nickname);
}

/** How long a reset link and a verification link stay valid, in seconds. */
const RESET_TOKEN_SECONDS = 60 * 60;
const VERIFICATION_TOKEN_SECONDS = 60 * 60 * 24;

export function createAuth(deps: AuthDeps) {
  const { db, clock } = deps;
  /**
   * Recorded in the outbox and delivered at once: a failing mailer fails no request (it is
   * retried), and the row holds the link's token until delivered or expired, never longer.
   */
  const mailLink = (userId: string, template: "verifyEmail" | "passwordReset", url: string) => {
    const seconds = template === "verifyEmail" ? VERIFICATION_TOKEN_SECONDS : RESET_TOKEN_SECONDS;
    const expiresAt = new Date(clock.now().getTime() + seconds * 1000).toISOString();
    return deps.events.mail(userId, template, { url, expiresAt });
  };
  return betterAuth({
    appName: "FRE",
    baseURL: deps.publicUrl,
    basePath: "/api/auth",
    secret: deps.secret,
    trustedOrigins: trustedOrigins(deps.publicUrl),
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    // Our own limiter (per route, per IP) and the sign-in lockout run in front of Better Auth.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // Sessions for Telegram sign-in, opened by Better Auth itself (server-side calls only).
    plugins: [telegramSessionPlugin()],
    logger: { level: "warn", log: (level, message) => deps.log(level, message) },
    advanced: {
      cookiePrefix: "fre",
      // Better Auth turns its origin and callback checks off when NODE_ENV=test: keep them on, so
      // the tests run the checks production runs (and a mis-set NODE_ENV opens nothing).
      disableOriginCheck: false,
      useSecureCookies: deps.publicUrl.startsWith("https://"),
      database: { generateId: () => randomUUID() },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      // No signed session copy in a cookie: a revoked session (sign-out, reset) must stop at once.
      cookieCache: { enabled: false },
    },
    user: {
      additionalFields: {
        nickname: { type: "string", required: true, input: true },
        language: { type: "string", required: false, input: true, defaultValue: DEFAULT_LANGUAGE },
        referralCode: { type: "string", required: false, input: false },
        referredBy: { type: "string", required: false, input: false },
        role: { type: "string", required: false, input: false, defaultValue: "user" },
      },
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await mailLink(user.id, "passwordReset", url);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_TOKEN_SECONDS,
      sendVerificationEmail: async ({ user, url }) => {
        await stampVerificationSent(db, user.id, clock.now());
        await mailLink(user.id, "verifyEmail", url);
      },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => {
            const nickname = String((user as { nickname?: unknown }).nickname ?? "")
              .trim()
              .normalize("NFC");
            // Our routes checked both before calling; a user Better Auth creates by any other path
            // still gets nothing our rules refuse.
            const language = (user as { language?: unknown }).language ?? DEFAULT_LANGUAGE;
            if (!isAcceptedNickname(nickname) || !languageSchema.safeParse(language).success) {
              throw new APIError("BAD_REQUEST", { code: "VALIDATION_ERROR" });
            }
            const context = signUpContext.getStore();
            return {
              data: {
                ...user,
                name: nickname,
                nickname,
                referralCode: await uniqueReferralCode(db, nickname),
                referredBy: context?.referrerId ?? null,
                image: null,
              },
            };
          },
        },
        // Better Auth writes a user for one thing FRE lets it do: mark the address verified.
        // Nickname, language, image and the rest are ours to write, through our own rules.
        update: {
          before: async (data) => {
            const fields = Object.keys(data).filter((key) => !BETTER_AUTH_USER_WRITES.has(key));
            if (fields.length > 0) throw new APIError("BAD_REQUEST", { code: "VALIDATION_ERROR" });
            return { data };
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
