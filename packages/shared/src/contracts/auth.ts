import { z } from "zod";
import {
  authLinkQuerySchema,
  changePasswordBodySchema,
  emailLinkBodySchema,
  resetPasswordBodySchema,
  signInBodySchema,
  signUpBodySchema,
} from "../schemas/auth.ts";
import { defineContracts, route } from "./contract.ts";

/**
 * Better Auth's answer as it gives it (a session's token removed): its shape is Better Auth's,
 * not ours, so it is passed through unchecked and the web reads no more than "it succeeded"
 * (get-session: null for a visitor).
 */
const betterAuthAnswer = z.unknown();

const tag = "auth";
const query = authLinkQuerySchema;

/**
 * The auth module's own routes (apps/server/src/modules/auth/auth.routes.ts): each one wraps a
 * Better Auth endpoint with our checks (sign-in lockout, sign-up checks, password strength,
 * session cache, no tokens in bodies). All are public: Better Auth itself answers 401 where a
 * session is needed.
 *
 * The one route WITHOUT a contract is Better Auth's catch-all passthrough `GET|POST /api/auth/*`
 * (the links in mails — verify-email, reset-password/:token — and whatever else of Better Auth's
 * the allow-list exposes), which forwards to Better Auth and answers as it does.
 */
export const authContracts = defineContracts([
  route({
    method: "POST",
    path: "/api/auth/sign-up/email",
    access: "public",
    tag,
    summary: "Creates an account and sends the verification mail",
    query,
    body: signUpBodySchema,
    response: betterAuthAnswer,
    errors: [400, 409, 429],
  }),
  route({
    method: "POST",
    path: "/api/auth/sign-in/email",
    access: "public",
    tag,
    summary: "Signs in with email and password (locked out after repeated failures)",
    query,
    body: signInBodySchema,
    response: betterAuthAnswer,
    errors: [400, 401, 403, 429],
  }),
  route({
    method: "POST",
    path: "/api/auth/sign-out",
    access: "public",
    tag,
    query,
    response: betterAuthAnswer,
    errors: [401, 429],
  }),
  route({
    method: "POST",
    path: "/api/auth/revoke-other-sessions",
    access: "public",
    tag,
    summary: "Ends every other session of the caller",
    query,
    response: betterAuthAnswer,
    errors: [401, 429],
  }),
  route({
    method: "GET",
    path: "/api/auth/get-session",
    access: "public",
    tag,
    summary: "The caller's session and user, or null for a visitor",
    query,
    response: betterAuthAnswer,
    errors: [400],
  }),
  route({
    method: "GET",
    path: "/api/auth/list-sessions",
    access: "public",
    tag,
    summary: "The caller's sessions without their tokens (`current` marks this one)",
    query,
    response: betterAuthAnswer,
    errors: [401],
  }),
  route({
    method: "POST",
    path: "/api/auth/send-verification-email",
    access: "public",
    tag,
    summary: "Sends the verification mail again (one answer whatever the address, 60 s cooldown)",
    query,
    body: emailLinkBodySchema,
    response: betterAuthAnswer,
    errors: [400, 429],
  }),
  route({
    method: "POST",
    path: "/api/auth/request-password-reset",
    access: "public",
    tag,
    query,
    body: emailLinkBodySchema,
    response: betterAuthAnswer,
    errors: [400, 429],
  }),
  route({
    method: "POST",
    path: "/api/auth/reset-password",
    access: "public",
    tag,
    query,
    body: resetPasswordBodySchema,
    response: betterAuthAnswer,
    errors: [400, 429],
  }),
  route({
    method: "POST",
    path: "/api/auth/change-password",
    access: "public",
    tag,
    query,
    body: changePasswordBodySchema,
    response: betterAuthAnswer,
    errors: [400, 401, 429],
  }),
]);
