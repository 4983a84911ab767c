import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { handle } from "../../http/contract-route.ts";
import { deviceCookies } from "../auth/device-cookie.ts";
import { signInSignals } from "../auth/sign-in-signals.ts";
import type { AccountSignals } from "../risk/signals.ts";
import {
  addEmail,
  linkTelegram,
  signInWithTelegram,
  type TelegramAnswer,
  type TelegramDeps,
} from "./telegram.service.ts";

/**
 * Telegram Mini App sign-in. Registered in the auth scope (its per-address limit); its static
 * paths take precedence over Better Auth's `/api/auth/*` passthrough.
 */
export async function telegramRoutes(
  app: FastifyInstance,
  deps: TelegramDeps & {
    publicUrl: string;
    miniAppUrl: string | undefined;
    /** The bot-farm signals of sign-ups and sign-ins (decision 0045). */
    signals: Pick<AccountSignals, "record">;
  },
) {
  const secure = deps.publicUrl.startsWith("https://");
  const devices = deviceCookies({ secret: (await deps.auth.$context).secret, secure });
  const signals = signInSignals({ secure, signals: deps.signals });

  /** A new account or a sign-in: its bot-farm signal, as a password one's (not a link). */
  async function signalOf(request: FastifyRequest, answer: TelegramAnswer) {
    const kind =
      answer.outcome === "created" ? "sign-up" : answer.outcome === "signed-in" ? "sign-in" : null;
    return kind && answer.userId ? signals.after(request, answer.userId, kind) : [];
  }

  /** The session cookie Better Auth set, and this browser's device cookies, as sign-in sends them. */
  async function send(reply: FastifyReply, answer: TelegramAnswer, request: FastifyRequest) {
    const cookies = [...answer.cookies];
    if (cookies.length > 0 && answer.userId) {
      cookies.push(devices.issue(request.headers.cookie, answer.userId));
      cookies.push(...(await signalOf(request, answer)));
    }
    if (cookies.length > 0) reply.header("set-cookie", cookies);
    return { outcome: answer.outcome };
  }

  handle(app, "GET /api/auth/telegram", () => ({
    enabled: deps.botToken !== undefined,
    miniAppUrl: deps.botToken ? (deps.miniAppUrl ?? null) : null,
  }));
  handle(app, "POST /api/auth/telegram", async ({ body }, request, reply) =>
    send(reply, await signInWithTelegram(deps, request, body), request),
  );
  handle(app, "POST /api/auth/telegram/email", ({ body }, request) =>
    addEmail(deps, request, body),
  );
  handle(app, "POST /api/auth/telegram/link", async ({ body }, request, reply) =>
    send(reply, await linkTelegram(deps, request, body), request),
  );
}
