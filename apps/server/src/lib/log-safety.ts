/**
 * Logs carry no personal data: query errors lose their parameter values (an e-mail address, a
 * code, a token…), PostgreSQL's `detail` (it quotes the conflicting values) is dropped, and any
 * e-mail address left in a message is masked.
 */
const EMAIL = /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g;

export const maskEmails = (text: string) => text.replace(EMAIL, "[email]");

interface SafeError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: unknown;
  query?: string;
  cause?: SafeError;
}

/** A log-safe copy of an error: what failed and where, never the values it failed on. */
export function safeError(error: unknown, depth = 0): SafeError | unknown {
  if (!(error instanceof Error)) return typeof error === "string" ? maskEmails(error) : error;
  const withQuery = error as Error & { query?: unknown; code?: unknown };
  // Drizzle's "Failed query: <sql>\nparams: <values>" names the values; the driver's own error
  // (the cause) carries PostgreSQL's message, which does not.
  const message = maskEmails(error.message.split("\nparams:")[0]!);
  const safe: SafeError = {
    type: error.name,
    message,
    stack: `${error.name}: ${message}\n${(error.stack ?? "")
      .split("\n")
      .filter((line) => line.startsWith("    at "))
      .join("\n")}`,
  };
  if (withQuery.code !== undefined) safe.code = withQuery.code;
  if (typeof withQuery.query === "string") safe.query = withQuery.query;
  if (error.cause !== undefined && depth < 3)
    safe.cause = safeError(error.cause, depth + 1) as SafeError;
  return safe;
}

/** Pino's logMethod hook: masks e-mail addresses in every string argument of a log call. */
export function maskLogArguments(
  this: unknown,
  args: unknown[],
  method: (...a: unknown[]) => void,
) {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (typeof arg === "string" && arg.includes("@")) args[i] = maskEmails(arg);
  }
  method.apply(this, args);
}

/** Pino's `err` serializer. */
export const errorSerializer = (error: Error) => safeError(error) as SafeError;
