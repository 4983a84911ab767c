import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { z } from "zod";

/**
 * Better Auth's own way to open a session for a user whose identity FRE checked itself (Telegram
 * init data, decision 0042): its internal adapter writes the session (and the user, with the
 * user-create hooks a sign-up runs), its cookie code sets the same cookie a password sign-in
 * sets. SERVER_ONLY: Better Auth's router does not serve these endpoints over HTTP (and our
 * passthrough exposes none of its paths but an allow-list); only `auth.api` calls them.
 */
export const telegramSessionPlugin = () =>
  ({
    id: "fre-telegram-session",
    endpoints: {
      telegramSession: createAuthEndpoint(
        "/fre-telegram/session",
        {
          method: "POST",
          body: z.object({ userId: z.string().min(1).max(64) }),
          metadata: { SERVER_ONLY: true },
        },
        async (ctx) => {
          const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
          if (!user) throw new APIError("NOT_FOUND");
          const session = await ctx.context.internalAdapter.createSession(user.id);
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ user: { id: user.id } });
        },
      ),
      telegramSignUp: createAuthEndpoint(
        "/fre-telegram/sign-up",
        {
          method: "POST",
          body: z.object({
            email: z.string().min(3).max(254),
            nickname: z.string().min(3).max(20),
            language: z.string().min(2).max(5),
          }),
          metadata: { SERVER_ONLY: true },
        },
        async (ctx) => {
          const { email, nickname, language } = ctx.body;
          const user = await ctx.context.internalAdapter.createUser(
            {
              email,
              name: nickname,
              nickname,
              language,
              emailVerified: false,
            },
            { method: "telegram" },
          );
          const session = await ctx.context.internalAdapter.createSession(user.id);
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ user: { id: user.id } });
        },
      ),
    },
  }) satisfies BetterAuthPlugin;
