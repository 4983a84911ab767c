import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import {
  DEFAULT_LANGUAGE,
  type Language,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "@fre/shared";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Db } from "../../db/client.ts";
import { accounts, sessions, users, verifications } from "../../db/schema/index.ts";
import { isLanguage } from "../../i18n/index.ts";
import type { Clock } from "../../lib/clock.ts";
import { passwordResetMail, verificationMail } from "../mail/mail.templates.ts";
import type { Mailer } from "../mail/mail.transport.ts";
import { referralCodeExists, stampVerificationSent } from "./auth.repo.ts";
import { referralCodeFor } from "./referral-code.ts";

/** What the sign-up route resolved before Better Auth creates the user. */
export interface SignUpContext {
  referrerId: string | null;
}
export const signUpContext = new AsyncLocalStorage<SignUpContext>();

export interface AuthDeps {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  secret: string;
  publicUrl: string;
  onMailError: (error: unknown) => void;
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

const languageOf = (value: unknown): Language => (isLanguage(value) ? value : DEFAULT_LANGUAGE);

export function createAuth(deps: AuthDeps) {
  const { db, mailer, clock } = deps;
  const send = async (mail: Parameters<Mailer["send"]>[0]) => {
    try {
      await mailer.send(mail);
    } catch (error) {
      deps.onMailError(error);
      throw error;
    }
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
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        const u = user as typeof user & { nickname?: string; language?: string };
        await send(
          passwordResetMail(
            { email: u.email, nickname: u.nickname ?? u.name, language: languageOf(u.language) },
            url,
          ),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => {
        const u = user as typeof user & { nickname?: string; language?: string };
        await stampVerificationSent(db, u.id, clock.now());
        await send(
          verificationMail(
            { email: u.email, nickname: u.nickname ?? u.name, language: languageOf(u.language) },
            url,
          ),
        );
      },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => {
            const nickname = String((user as { nickname?: unknown }).nickname ?? "")
              .trim()
              .normalize("NFC");
            const context = signUpContext.getStore();
            return {
              data: {
                ...user,
                name: nickname,
                nickname,
                referralCode: await uniqueReferralCode(db, nickname),
                referredBy: context?.referrerId ?? null,
              },
            };
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
