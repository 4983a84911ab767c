import { randomUUID } from "node:crypto";
import {
  type Features,
  isPlaceholderEmail,
  TELEGRAM_PLACEHOLDER_EMAIL_DOMAIN,
  type TelegramEmailBody,
  type TelegramLinkBody,
  type TelegramOutcome,
  type TelegramSignInBody,
} from "@fre/shared";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client.ts";
import type { ViewerResolver } from "../../http/viewer.ts";
import { isLanguage, languageFromHeader } from "../../i18n/index.ts";
import type { Clock } from "../../lib/clock.ts";
import { AppError } from "../../lib/errors.ts";
import { rateLimitedError } from "../../lib/user-rate-limit.ts";
import {
  type AttemptGuard,
  assertStrongPassword,
  countingEmailInUse,
  emailInUseRule,
  refuseSuspended,
  reserveAttempt,
  SIGN_UP_WINDOW_MS,
  signInGuard,
} from "../auth/auth.service.ts";
import { type Auth, signUpContext } from "../auth/auth.ts";
import {
  claimInitData,
  deleteFreshUser,
  emailTaken,
  findEmailOf,
  findLinkedUserId,
  findPasswordHashOf,
  findReferrerByCode,
  findTelegramIdOf,
  insertLink,
  isErased,
  nicknameTaken,
  refreshUsername,
  setEmailAndPassword,
} from "./telegram.repo.ts";
import { type CheckedInitData, checkInitData, INIT_DATA_MAX_AGE_MS } from "./telegram-init-data.ts";
import { nicknameCandidates } from "./telegram-nickname.ts";

export interface TelegramDeps {
  db: Db;
  clock: Clock;
  auth: Auth;
  viewer: ViewerResolver;
  /** TELEGRAM_BOT_TOKEN; undefined: the feature is off. */
  botToken: string | undefined;
  features: { current(): Promise<Features> };
  /** Where a suspended account writes to (LEGAL_CONTACT_EMAIL), named in its refusal. */
  supportEmail: string;
}

/** What a route sends back: the outcome, and the Set-Cookie lines of a session just opened. */
export interface TelegramAnswer extends TelegramOutcome {
  userId?: string;
  cookies: string[];
}

function tokenOf(deps: TelegramDeps): string {
  if (!deps.botToken) throw new AppError("TELEGRAM_DISABLED", 404);
  return deps.botToken;
}

/** The request's headers for Better Auth's server-side calls (address and agent of the session). */
function headersOf(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key === "content-length") continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  return headers;
}

/** Each init data is accepted once: its signature is recorded until it would be too old anyway. */
async function claim(deps: TelegramDeps, checked: CheckedInitData) {
  const expiresAt = new Date(checked.authDate.getTime() + INIT_DATA_MAX_AGE_MS);
  if (!(await claimInitData(deps.db, checked.hash, expiresAt, deps.clock.now()))) {
    throw new AppError("TELEGRAM_INIT_DATA_USED", 401);
  }
}

/** Better Auth opens the session and sets its cookie, as a password sign-in does. */
async function openSession(deps: TelegramDeps, request: FastifyRequest, userId: string) {
  const { headers } = await deps.auth.api.telegramSession({
    body: { userId },
    headers: headersOf(request),
    returnHeaders: true,
  });
  return headers.getSetCookie();
}

/**
 * A referral code in the Mini App's start parameter (`t.me/bot/app?startapp=<code>`, also
 * `ref_<code>`), honoured as the sign-up form's: an unknown code is ignored, and so is every
 * code while the referral system is switched off.
 */
async function referrerFrom(deps: TelegramDeps, startParam: string | null) {
  if (!startParam) return null;
  const code = startParam.replace(/^ref[_-]/i, "").slice(0, 32);
  if (!/^[A-Za-z0-9]+$/.test(code)) return null;
  if (!(await deps.features.current()).referrals) return null;
  return findReferrerByCode(deps.db, code.toUpperCase());
}

async function freeNickname(deps: TelegramDeps, checked: CheckedInitData): Promise<string> {
  for (const nickname of nicknameCandidates(checked.username, checked.firstName)) {
    if (!(await nicknameTaken(deps.db, nickname))) return nickname;
  }
  throw new AppError("NICKNAME_TAKEN", 409);
}

/**
 * A new account for this Telegram user, signed in. It has no e-mail yet: its address is a
 * placeholder on a reserved domain that no mail is ever sent to (decision 0042), and it is not
 * verified, so whatever needs a verified address keeps refusing until the user gives one.
 */
async function createAccount(
  deps: TelegramDeps,
  request: FastifyRequest,
  checked: CheckedInitData,
): Promise<TelegramAnswer> {
  const referrerId = await referrerFrom(deps, checked.startParam);
  const language = isLanguage(checked.languageCode)
    ? checked.languageCode
    : languageFromHeader(request.headers["accept-language"]);
  const email = `tg-${checked.telegramId}@${TELEGRAM_PLACEHOLDER_EMAIL_DOMAIN}`;
  let created: { headers: Headers; response: { user: { id: string } } };
  try {
    created = await signUpContext.run({ referrerId }, async () =>
      deps.auth.api.telegramSignUp({
        body: { email, nickname: await freeNickname(deps, checked), language },
        headers: headersOf(request),
        returnHeaders: true,
      }),
    );
  } catch (error) {
    // The placeholder address is the Telegram id's: taken means this Telegram user was here.
    if (error instanceof AppError) throw error;
    throw new AppError("TELEGRAM_ALREADY_LINKED", 409);
  }
  const userId = created.response.user.id;
  const linked = await insertLink(deps.db, {
    telegramId: checked.telegramId,
    userId,
    username: checked.username,
  });
  if (linked === "taken") {
    // Another launch of the same Telegram user linked first: this fresh account goes.
    await deleteFreshUser(deps.db, userId);
    throw new AppError("TELEGRAM_ALREADY_LINKED", 409);
  }
  return { outcome: "created", userId, cookies: created.headers.getSetCookie() };
}

/**
 * `POST /api/auth/telegram`: a linked Telegram account signs in; otherwise a signed-in caller
 * hears `link-available`, and a visitor `choose` — or, with `create`, gets a new account.
 * The init data is spent (replay refused) only by what opens a session.
 */
export async function signInWithTelegram(
  deps: TelegramDeps,
  request: FastifyRequest,
  body: TelegramSignInBody,
): Promise<TelegramAnswer> {
  const checked = checkInitData(body.initData, tokenOf(deps), deps.clock.now());
  const linkedUserId = await findLinkedUserId(deps.db, checked.telegramId);
  if (linkedUserId) {
    if (await isErased(deps.db, linkedUserId))
      throw new AppError("TELEGRAM_INIT_DATA_INVALID", 401);
    await refuseSuspended(deps.db, linkedUserId, deps.supportEmail);
    await claim(deps, checked);
    await refreshUsername(deps.db, linkedUserId, checked.username);
    return {
      outcome: "signed-in",
      userId: linkedUserId,
      cookies: await openSession(deps, request, linkedUserId),
    };
  }
  if (await deps.viewer.optional(request)) return { outcome: "link-available", cookies: [] };
  if (!body.create) return { outcome: "choose", cookies: [] };
  await claim(deps, checked);
  return createAccount(deps, request, checked);
}

/** The password check of a link, under the sign-in lockout (a stolen session cannot guess it). */
async function checkPassword(
  deps: TelegramDeps,
  request: FastifyRequest,
  userId: string,
  password: string,
) {
  const email = (await findEmailOf(deps.db, userId)) ?? "";
  const attempt = await reserveAttempt(deps.db, deps.clock, signInGuard(email, request.ip));
  const context = await deps.auth.$context;
  const hash = await findPasswordHashOf(deps.db, userId);
  // Hashing even without a credential keeps the answer's time the same.
  const ok = await context.password.verify({
    hash: hash ?? (await context.password.hash("x")),
    password,
  });
  if (!hash || !ok) {
    await attempt.settle("failure");
    throw new AppError("INVALID_PASSWORD", 400);
  }
  await attempt.settle("success");
}

/**
 * `POST /api/auth/telegram/link`: links the signed-in account to the Telegram account after its
 * password is checked. A Telegram account linked to another FRE account, or an FRE account
 * linked to another Telegram account, is refused (409): unlinking is not offered yet.
 */
export async function linkTelegram(
  deps: TelegramDeps,
  request: FastifyRequest,
  body: TelegramLinkBody,
): Promise<TelegramAnswer> {
  const token = tokenOf(deps);
  const viewer = await deps.viewer.optional(request);
  if (!viewer) throw new AppError("UNAUTHORIZED", 401);
  const checked = checkInitData(body.initData, token, deps.clock.now());
  await checkPassword(deps, request, viewer.userId, body.password);
  const linkedUserId = await findLinkedUserId(deps.db, checked.telegramId);
  if (linkedUserId === viewer.userId) return { outcome: "linked", cookies: [] };
  if (linkedUserId) throw new AppError("TELEGRAM_ALREADY_LINKED", 409);
  await claim(deps, checked);
  const linked = await insertLink(deps.db, {
    telegramId: checked.telegramId,
    userId: viewer.userId,
    username: checked.username,
  });
  if (linked === "taken") throw new AppError("TELEGRAM_ALREADY_LINKED", 409);
  return { outcome: "linked", userId: viewer.userId, cookies: [] };
}

/**
 * Answers "address in use" one Telegram user may get in an hour, from any network (on top of
 * the network's bound, shared with the sign-up): one person needs one or two, while a Telegram
 * account asking from many networks (IPv6 /64s cost nothing) learns at most 5 addresses an hour.
 */
export const TELEGRAM_EMAIL_TAKEN_MAX = 5;

/**
 * The bounds of `POST /api/auth/telegram/email` (issue 32): the network's "address in use"
 * counter, the sign-up's own (first, see emailInUseRule), then the verified Telegram user's.
 */
function addEmailGuard(address: string, telegramUser: string): AttemptGuard {
  return {
    rules: [
      emailInUseRule(address),
      {
        key: `telegram-email:${telegramUser}`,
        kind: "lock",
        max: TELEGRAM_EMAIL_TAKEN_MAX,
        windowMs: SIGN_UP_WINDOW_MS,
      },
    ],
    clearOnSuccess: [],
    refusal: rateLimitedError,
  };
}

/**
 * `POST /api/auth/telegram/email`: an account opened with Telegram gets its e-mail and a password
 * (so it can also sign in outside Telegram), and a verification mail goes to the address. Until
 * it is verified, whatever needs a verified address keeps refusing. Its answers "address in use"
 * are bounded as the sign-up's are (addEmailGuard), then every call is 429 for the hour.
 */
export async function addEmail(
  deps: TelegramDeps,
  request: FastifyRequest,
  body: TelegramEmailBody,
): Promise<{ email: string }> {
  const viewer = await deps.viewer.optional(request);
  if (!viewer) throw new AppError("UNAUTHORIZED", 401);
  const current = await findEmailOf(deps.db, viewer.userId);
  if (!current || !isPlaceholderEmail(current)) {
    throw new AppError("TELEGRAM_EMAIL_ALREADY_SET", 409);
  }
  const telegramId = await findTelegramIdOf(deps.db, viewer.userId);
  const telegramUser = telegramId === null ? `user:${viewer.userId}` : String(telegramId);
  const guard = addEmailGuard(request.ip, telegramUser);
  const changed = await countingEmailInUse(deps.db, deps.clock, guard, async () => {
    assertStrongPassword(body.password);
    if (isPlaceholderEmail(body.email)) throw new AppError("INVALID_EMAIL", 400);
    if (await emailTaken(deps.db, body.email)) throw new AppError("EMAIL_IN_USE", 409);
    const context = await deps.auth.$context;
    try {
      return await setEmailAndPassword(deps.db, {
        userId: viewer.userId,
        email: body.email,
        passwordHash: await context.password.hash(body.password),
        accountId: randomUUID(),
        now: deps.clock.now(),
      });
    } catch {
      // The unique address index: someone took it between the check and the write.
      throw new AppError("EMAIL_IN_USE", 409);
    }
  });
  if (!changed) throw new AppError("TELEGRAM_EMAIL_ALREADY_SET", 409);
  // Better Auth's own verification mail (through the outbox, as at sign-up).
  await deps.auth.api.sendVerificationEmail({
    body: { email: body.email, callbackURL: "/dashboard" },
    headers: headersOf(request),
  });
  return { email: body.email };
}
