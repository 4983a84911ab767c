import {
  authLinkQuerySchema,
  type EmailLinkBody,
  emailSchema,
  type SignInBody,
  type SignUpBody,
} from "@fre/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../db/client.ts";
import { handle } from "../../http/contract-route.ts";
import type { ViewerResolver } from "../../http/viewer.ts";
import { errorMessage, languageFromHeader } from "../../i18n/index.ts";
import type { Clock } from "../../lib/clock.ts";
import { AppError } from "../../lib/errors.ts";
import { parseBody } from "../../lib/validation.ts";
import type { ChallengeService } from "../challenge/index.ts";
import type { AccountSignals, SignalKind } from "../risk/signals.ts";
import {
  assertStrongPassword,
  checkSignUp,
  checkSignUpFrom,
  claimVerificationResend,
  isOwnAddress,
  knownDeviceNonce,
  refuseSuspended,
  reserveAttempt,
  signInGuard,
} from "./auth.service.ts";
import { type Auth, signUpContext } from "./auth.ts";
import {
  type AuthEndpoint,
  assertCanonicalAuthPath,
  betterAuthUrl,
  mailLink,
} from "./auth-paths.ts";
import { deviceCookies } from "./device-cookie.ts";
import { signInSignals } from "./sign-in-signals.ts";

/**
 * The least time an anonymous mail-link request (verification resend, password reset) takes to
 * answer, whatever the address: a known one writes a token and a mail, an unknown one nothing.
 */
const ANSWER_FLOOR_MS = 500;

/** Waits until ANSWER_FLOOR_MS have passed since `started`. */
async function answerFloor(started: number): Promise<void> {
  const left = ANSWER_FLOOR_MS - (Date.now() - started);
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}

/** Better Auth error codes → ours (status, code). */
const BETTER_AUTH_ERRORS: Record<string, [number, AppError["code"]]> = {
  INVALID_EMAIL_OR_PASSWORD: [401, "INVALID_CREDENTIALS"],
  USER_ALREADY_EXISTS: [409, "EMAIL_IN_USE"],
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: [409, "EMAIL_IN_USE"],
  INVALID_EMAIL: [400, "INVALID_EMAIL"],
  PASSWORD_TOO_SHORT: [400, "WEAK_PASSWORD"],
  PASSWORD_TOO_LONG: [400, "WEAK_PASSWORD"],
  INVALID_TOKEN: [400, "INVALID_TOKEN"],
  TOKEN_EXPIRED: [400, "INVALID_TOKEN"],
  INVALID_PASSWORD: [400, "INVALID_PASSWORD"],
  EMAIL_ALREADY_VERIFIED: [400, "EMAIL_ALREADY_VERIFIED"],
};

function genericCode(status: number): AppError["code"] {
  if (status === 401) return "UNAUTHORIZED";
  if (status === 403) return "FORBIDDEN";
  if (status === 404) return "NOT_FOUND";
  if (status === 429) return "RATE_LIMITED";
  if (status >= 500) return "INTERNAL_ERROR";
  return "VALIDATION_ERROR";
}

export interface AuthRoutesDeps {
  auth: Auth;
  db: Db;
  clock: Clock;
  publicUrl: string;
  viewer: ViewerResolver;
  /** Tells every server process to drop its cached sessions (sign-out, reset, password change). */
  onSessionsRevoked: () => void;
  /** The sign-up's proof of work (decision 0044). */
  challenge: Pick<ChallengeService, "checkSignUp" | "consume">;
  /** The bot-farm signals of sign-ups and sign-ins (decision 0045). */
  signals: Pick<AccountSignals, "record">;
  /** Where a suspended account writes to (LEGAL_CONTACT_EMAIL), named in its refusal. */
  supportEmail: string;
}

interface AuthAnswer {
  /** `Set-Cookie` lines added to Better Auth's. */
  cookies?: string[];
  /** Rewrites a successful JSON answer before it is sent. */
  rewrite?: (body: unknown) => unknown;
}

/**
 * A session token is the session itself, and the cookie carrying it is HttpOnly so that no page
 * script can read it: no answer hands it out in its body either (sign-up, sign-in, get-session).
 */
function withoutSessionTokens(body: unknown): unknown {
  if (!body || typeof body !== "object" || Array.isArray(body)) return body;
  const { token: _token, ...rest } = body as Record<string, unknown>;
  const session = rest.session;
  if (session && typeof session === "object" && !Array.isArray(session)) {
    const { token: _sessionToken, ...safe } = session as Record<string, unknown>;
    rest.session = safe;
  }
  return rest;
}

/** The user a successful sign-in or sign-up answer names (`{user: {id}}`), or null. */
async function signedInUserId(response: Response): Promise<string | null> {
  try {
    const body = (await response.clone().json()) as { user?: { id?: unknown } } | null;
    return typeof body?.user?.id === "string" ? body.user.id : null;
  } catch {
    return null;
  }
}

export async function authRoutes(app: FastifyInstance, deps: AuthRoutesDeps) {
  const { auth, db, clock } = deps;
  const secure = deps.publicUrl.startsWith("https://");
  const devices = deviceCookies({ secret: (await auth.$context).secret, secure });
  const signals = signInSignals({ secure, signals: deps.signals });

  /**
   * Runs one Better Auth endpoint with our (validated) body. The URL is built from the endpoint's
   * name, never from the request's: Better Auth resolves `..` in what it is given.
   */
  async function callAuth(
    request: FastifyRequest,
    endpoint: AuthEndpoint,
    body?: unknown,
    link: { token?: string; query?: Record<string, string | undefined> } = {},
  ): Promise<Response> {
    const headers = new Headers();
    for (const [key, value] of Object.entries(request.headers)) {
      if (value === undefined || key === "content-length") continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
    }
    const hasBody = request.method !== "GET" && request.method !== "HEAD";
    if (hasBody) headers.set("content-type", "application/json");
    return auth.handler(
      new Request(betterAuthUrl(deps.publicUrl, endpoint, link), {
        method: request.method,
        headers,
        body: hasBody ? JSON.stringify(body ?? {}) : undefined,
      }),
    );
  }

  /** Sends Better Auth's answer, its errors rewritten to `{error, message}` in our words. */
  async function sendAuthResponse(
    request: FastifyRequest,
    res: FastifyReply,
    response: Response,
    answer: AuthAnswer = {},
  ) {
    res.status(response.status);
    response.headers.forEach((value, key) => {
      if (key !== "set-cookie" && key !== "content-length") res.header(key, value);
    });
    const cookies = [...response.headers.getSetCookie(), ...(answer.cookies ?? [])];
    if (cookies.length > 0) res.header("set-cookie", cookies);
    const text = await response.text();
    if (response.status < 400) {
      if (text.length === 0) return res.send(undefined);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return res.send(text);
      }
      return res.send(withoutSessionTokens(answer.rewrite ? answer.rewrite(body) : body));
    }

    let code: string | undefined;
    try {
      code = (JSON.parse(text) as { code?: string }).code;
    } catch {
      code = undefined;
    }
    const mapped = code ? BETTER_AUTH_ERRORS[code] : undefined;
    const [status, ourCode] = mapped ?? [response.status, genericCode(response.status)];
    if (status >= 500) request.log.error({ betterAuthCode: code }, "auth route failed");
    const language = languageFromHeader(request.headers["accept-language"]);
    return res
      .status(status)
      .type("application/json")
      .send({ error: ourCode, message: errorMessage(language, ourCode) });
  }

  const forward = async (
    request: FastifyRequest,
    res: FastifyReply,
    endpoint: AuthEndpoint,
    body?: unknown,
  ) => sendAuthResponse(request, res, await callAuth(request, endpoint, body));

  // Before any route of this scope: a path under /api/auth with a traversal spelling is refused
  // here, whatever route it would have matched.
  app.addHook("onRequest", async (request) => assertCanonicalAuthPath(request.url));

  // Our own routes: each wraps one Better Auth endpoint with our checks (contracts in
  // packages/shared/src/contracts/auth.ts).
  handle(
    app,
    "POST /api/auth/sign-up/email",
    ({ body }, request, reply) => signUp(request, reply, body),
    {
      // Before the body's schema: a malformed address and a missing nickname have their own codes.
      preValidation: async (request) => {
        const raw = (request.body ?? {}) as Record<string, unknown>;
        if (typeof raw.email === "string" && !emailSchema.safeParse(raw.email).success) {
          throw new AppError("INVALID_EMAIL", 400);
        }
        if (raw.nickname === undefined || raw.nickname === null || raw.nickname === "") {
          throw new AppError("NICKNAME_REQUIRED", 400);
        }
      },
    },
  );
  handle(app, "POST /api/auth/sign-in/email", ({ body }, request, reply) =>
    signIn(request, reply, body),
  );
  handle(app, "POST /api/auth/send-verification-email", ({ body }, request, reply) =>
    resendVerification(request, reply, body),
  );
  // Known and unknown addresses answer alike, and no sooner than the floor: the answer's time
  // must not tell who is registered (a known address writes a token and a mail).
  handle(app, "POST /api/auth/request-password-reset", async ({ body }, request, reply) => {
    const started = Date.now();
    const response = await callAuth(request, "request-password-reset", body);
    await answerFloor(started);
    return sendAuthResponse(request, reply, response);
  });
  // These take no body: whatever was sent is not passed on.
  handle(app, "POST /api/auth/sign-out", async (_input, request, reply) => {
    const sent = await forward(request, reply, "sign-out", {});
    deps.viewer.forget(request);
    deps.onSessionsRevoked();
    return sent;
  });
  handle(app, "POST /api/auth/revoke-other-sessions", async (_input, request, reply) => {
    const sent = await forward(request, reply, "revoke-other-sessions", {});
    deps.viewer.forgetAll();
    deps.onSessionsRevoked();
    return sent;
  });
  handle(app, "POST /api/auth/reset-password", async ({ body }, request, reply) => {
    assertStrongPassword(body.newPassword);
    const sent = await forward(request, reply, "reset-password", body);
    deps.viewer.forgetAll();
    deps.onSessionsRevoked();
    return sent;
  });
  handle(app, "POST /api/auth/change-password", async ({ body }, request, reply) => {
    assertStrongPassword(body.newPassword);
    const sent = await forward(request, reply, "change-password", body);
    deps.viewer.forgetAll();
    deps.onSessionsRevoked();
    return sent;
  });
  handle(app, "GET /api/auth/get-session", (_input, request, reply) =>
    forward(request, reply, "get-session"),
  );
  handle(app, "GET /api/auth/list-sessions", (_input, request, reply) =>
    listSessions(request, reply),
  );

  /**
   * THE ONE ROUTE WITHOUT A CONTRACT: the links in mails, `GET verify-email?token=…` and
   * `GET reset-password/<token>` (they redirect to their callbackURL), matched exactly on method
   * and path (auth-paths.ts); Better Auth is called with the link's own endpoint, its token and
   * callbackURL only, and answers as it does (its errors in our words). Every other path and
   * method under /api/auth is a 404. Hidden from the OpenAPI document.
   */
  app.route({
    method: ["GET", "POST"],
    url: "/api/auth/*",
    schema: { hide: true },
    handler: async (request, reply) => {
      const link = mailLink(request.method, request.url);
      if (!link) throw new AppError("NOT_FOUND", 404);
      const query = parseBody(authLinkQuerySchema, request.query);
      const response = await callAuth(request, link.endpoint, undefined, {
        token: link.token,
        query: {
          callbackURL: query.callbackURL,
          ...(link.endpoint === "verify-email" && { token: query.token }),
        },
      });
      return sendAuthResponse(request, reply, response);
    },
  });

  /** A successful sign-in or sign-up makes this browser known to the account (its device cookie). */
  async function deviceCookieAfter(request: FastifyRequest, response: Response) {
    if (response.status >= 400) return [];
    const userId = await signedInUserId(response);
    return userId ? [devices.issue(request.headers.cookie, userId)] : [];
  }

  /** A successful sign-up or sign-in's bot-farm signal, and the browser's device id if new. */
  async function signalAfter(request: FastifyRequest, response: Response, kind: SignalKind) {
    const userId = response.status < 400 ? await signedInUserId(response) : null;
    return userId ? signals.after(request, userId, kind) : [];
  }

  /**
   * The user's sessions without their tokens: a token is the session itself, and a page script
   * must never read one (the cookie is HttpOnly for that). `current` marks the caller's own.
   */
  async function listSessions(request: FastifyRequest, reply: FastifyReply) {
    const viewer = await deps.viewer.optional(request);
    return sendAuthResponse(request, reply, await callAuth(request, "list-sessions"), {
      rewrite: (body) =>
        (Array.isArray(body) ? (body as Record<string, unknown>[]) : []).map(
          ({ token: _token, ...session }) => ({
            ...session,
            current: session.id === viewer?.sessionId,
          }),
        ),
    });
  }

  /**
   * The signed-in user may ask for their own address only, and hears about its 60 s cooldown.
   * Any other address they name, registered or not, gets one answer and touches nothing (no
   * cooldown written, no mail). Anonymous callers get the same answer, in the same time, whether
   * the address exists, is verified, or is cooling down — Better Auth already answers unknown
   * addresses alike.
   */
  async function resendVerification(
    request: FastifyRequest,
    reply: FastifyReply,
    body: EmailLinkBody,
  ) {
    const viewer = await deps.viewer.optional(request);
    if (viewer) {
      if (!(await isOwnAddress(db, viewer.userId, body.email))) {
        throw new AppError("VALIDATION_ERROR", 400);
      }
      await claimVerificationResend(db, clock, body.email);
      return forward(request, reply, "send-verification-email", body);
    }
    const started = Date.now();
    try {
      await claimVerificationResend(db, clock, body.email);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== "VERIFICATION_COOLDOWN") throw error;
      await answerFloor(started);
      return reply.status(200).send({ status: true });
    }
    return forward(request, reply, "send-verification-email", body);
  }

  async function signUp(request: FastifyRequest, reply: FastifyReply, body: SignUpBody) {
    // The proof of work first (no database read for a missing or wrong one), used only once the
    // address and nickname checks passed: a taken nickname does not cost a new proof.
    const solved = await deps.challenge.checkSignUp(body.altcha);
    const { referrerId } = await checkSignUpFrom(db, clock, request.ip, body);
    if (solved) await deps.challenge.consume(solved);
    const nickname = body.nickname.trim().normalize("NFC");
    const forwarded = {
      email: body.email,
      password: body.password,
      name: nickname,
      nickname,
      language: body.language ?? languageFromHeader(request.headers["accept-language"]),
      callbackURL: body.callbackURL ?? "/dashboard",
    };
    const response = await signUpContext.run({ referrerId }, () =>
      callAuth(request, "sign-up/email", forwarded),
    );
    // Two sign-ups racing for one address or nickname both pass the checks; the loser's insert
    // fails on the unique index. Checking again names what was taken, as a sequential one would.
    if (response.status === 422 || response.status === 400) await checkSignUp(db, body);
    return sendAuthResponse(request, reply, response, {
      cookies: [
        ...(await deviceCookieAfter(request, response)),
        ...(await signalAfter(request, response, "sign-up")),
      ],
    });
  }

  async function signIn(request: FastifyRequest, res: FastifyReply, body: SignInBody) {
    const deviceNonce = await knownDeviceNonce(db, devices, request.headers.cookie, body.email);
    // Counted as a failure before the password is checked, so concurrent guesses see each other.
    const attempt = await reserveAttempt(
      db,
      clock,
      signInGuard(body.email, request.ip, deviceNonce),
    );
    let response: Response;
    try {
      response = await callAuth(request, "sign-in/email", body);
    } catch (error) {
      await attempt.settle("cancel");
      throw error;
    }
    const { status } = response;
    await attempt.settle(status === 401 ? "failure" : status < 400 ? "success" : "cancel");
    // Only after the password matched: a suspension is news to its owner alone. The session
    // Better Auth just opened goes at once, its cookie never sent.
    await refuseSuspended(
      db,
      status < 400 ? await signedInUserId(response) : null,
      deps.supportEmail,
    );
    return sendAuthResponse(request, res, response, {
      cookies: [
        ...(await deviceCookieAfter(request, response)),
        ...(await signalAfter(request, response, "sign-in")),
      ],
    });
  }
}
