import { ERROR_STATUS, type ErrorCode } from "@fre/shared";

/**
 * A failure the client should see: mapped by the error handler to `{error, message}`. Its status
 * is the code's in `ERROR_STATUS` unless given (only where a caller maps another service's
 * status; `errors.test.ts` checks that every literal status equals the table's).
 */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    statusCode?: number,
    readonly values: Record<string, string | number> = {},
    readonly extra: { retryAfter?: number; issues?: { path: string; message: string }[] } = {},
  ) {
    super(code);
    this.name = "AppError";
    this.statusCode = statusCode ?? ERROR_STATUS[code];
  }
}

export const unauthorized = () => new AppError("UNAUTHORIZED");
export const notFound = () => new AppError("NOT_FOUND");
