import type { ErrorCode } from "@fre/shared";

/** A failure the client should see: mapped by the error handler to `{error, message}`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    readonly values: Record<string, string | number> = {},
    readonly extra: { retryAfter?: number; issues?: { path: string; message: string }[] } = {},
  ) {
    super(code);
    this.name = "AppError";
  }
}

export const unauthorized = () => new AppError("UNAUTHORIZED", 401);
export const notFound = () => new AppError("NOT_FOUND", 404);
