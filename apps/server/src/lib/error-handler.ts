import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { errorMessage, languageFromHeader } from "../i18n/index.ts";
import { isCheckViolation } from "./db-errors.ts";
import { AppError } from "./errors.ts";

/** Answers `{error, message}` in the caller's language (and `Retry-After` for a 429). */
export function sendAppError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  const language = languageFromHeader(request.headers["accept-language"]);
  if (error.extra.retryAfter) reply.header("retry-after", String(error.extra.retryAfter));
  return reply.status(error.statusCode).send({
    error: error.code,
    message: errorMessage(language, error.code, error.values),
    ...error.extra,
  });
}

/**
 * The charset a JSON body is declared in (lower case), null when the body is not JSON or says
 * none (JSON is UTF-8 by definition, RFC 8259).
 */
export function jsonCharset(contentType: string | undefined): string | null {
  if (!contentType) return null;
  const [media = "", ...params] = contentType.split(";");
  const type = media.trim().toLowerCase();
  if (type !== "application/json" && !/^application\/[\w.+-]+\+json$/.test(type)) return null;
  for (const param of params) {
    const at = param.indexOf("=");
    if (param.slice(0, at).trim().toLowerCase() === "charset") {
      return param
        .slice(at + 1)
        .trim()
        .replace(/^"|"$/g, "")
        .toLowerCase();
    }
  }
  return null;
}

/** One place turns every failure into `{error, message}` in the caller's language. */
export function installErrorHandlers(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.code);
      return sendAppError(request, reply, error);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return sendAppError(
        request,
        reply,
        new AppError(
          "VALIDATION_ERROR",
          400,
          {},
          {
            issues: error.validation.slice(0, 20).map((issue) => ({
              path: issue.instancePath.replace(/^\//, "").replaceAll("/", "."),
              message: issue.message ?? "invalid",
            })),
          },
        ),
      );
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return sendAppError(request, reply, new AppError("RATE_LIMITED", 429));
    if (status >= 400 && status < 500) {
      const code =
        (
          {
            401: "UNAUTHORIZED",
            403: "FORBIDDEN",
            404: "NOT_FOUND",
            413: "PAYLOAD_TOO_LARGE",
            415: "UNSUPPORTED_MEDIA_TYPE",
          } as const
        )[status as 401] ?? "VALIDATION_ERROR";
      return sendAppError(request, reply, new AppError(code, status));
    }
    // The balance CHECK is the last word on overdrafts, wherever a debit slipped past the kernel.
    if (isCheckViolation(error, "users_balance_non_negative")) {
      return sendAppError(request, reply, new AppError("INSUFFICIENT_BALANCE", 409));
    }
    request.log.error({ err: error }, "unhandled error");
    return sendAppError(request, reply, new AppError("INTERNAL_ERROR", 500));
  });
}
