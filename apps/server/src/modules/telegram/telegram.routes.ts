import type { FastifyInstance, FastifyReply } from "fastify";
import { handle } from "../../lib/contract-route.ts";
import { deviceCookies } from "../auth/device-cookie.ts";
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
  deps: TelegramDeps & { publicUrl: string; miniAppUrl: string | undefined },
) {
  const devices = deviceCookies({
    secret: (await deps.auth.$context).secret,
    secure: deps.publicUrl.startsWith("https://"),
  });

  /** The session cookie Better Auth set, and this browser's device cookie, as sign-in sends them. */
  function send(reply: FastifyReply, answer: TelegramAnswer, cookieHeader: string | undefined) {
    const cookies = [...answer.cookies];
    if (cookies.length > 0 && answer.userId)
      cookies.push(devices.issue(cookieHeader, answer.userId));
    if (cookies.length > 0) reply.header("set-cookie", cookies);
    return { outcome: answer.outcome };
  }

  handle(app, "GET /api/auth/telegram", () => ({
    enabled: deps.botToken !== undefined,
    miniAppUrl: deps.botToken ? (deps.miniAppUrl ?? null) : null,
  }));
  handle(app, "POST /api/auth/telegram", async ({ body }, request, reply) =>
    send(reply, await signInWithTelegram(deps, request, body), request.headers.cookie),
  );
  handle(app, "POST /api/auth/telegram/email", ({ body }, request) =>
    addEmail(deps, request, body),
  );
  handle(app, "POST /api/auth/telegram/link", async ({ body }, request, reply) =>
    send(reply, await linkTelegram(deps, request, body), request.headers.cookie),
  );
}
