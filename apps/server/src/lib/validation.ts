import type { z } from "zod";
import { AppError } from "./errors.ts";

/** Parses a request part with a zod schema; a failure is a 400 VALIDATION_ERROR with issues. */
export function parseBody<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw new AppError(
    "VALIDATION_ERROR",
    400,
    {},
    {
      issues: result.error.issues.slice(0, 20).map((issue) => ({
        path: issue.path.join("."),
        message: issue.message,
      })),
    },
  );
}

/**
 * C0 controls but tab, line feed and carriage return; DEL; C1 controls; unpaired surrogates.
 * PostgreSQL refuses NUL in text, and none of these belongs in anything a person types.
 */
const FORBIDDEN_CHARACTER =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const hasForbiddenCharacter = (text: string) => FORBIDDEN_CHARACTER.test(text);

/** Nesting deeper than any of our bodies: refused before anything walks it recursively. */
const MAX_DEPTH = 32;

/** The path of the first string (value or key) holding a forbidden character, or null. */
export function findForbiddenCharacter(value: unknown, path = "", depth = 0): string | null {
  if (typeof value === "string") return hasForbiddenCharacter(value) ? path : null;
  if (value === null || typeof value !== "object" || depth > MAX_DEPTH) return null;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (hasForbiddenCharacter(key)) return itemPath;
    const found = findForbiddenCharacter(item, itemPath, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Refuses control characters in every string a request carries (body, query, path params)
 * before any route sees it: 400 VALIDATION_ERROR with the field's path.
 */

function depthExceeds(value: unknown, max: number): boolean {
  let level: unknown[] = [value];
  for (let depth = 0; level.length > 0; depth++) {
    if (depth > max) return true;
    const next: unknown[] = [];
    for (const item of level) {
      if (item !== null && typeof item === "object") next.push(...Object.values(item));
    }
    level = next;
  }
  return false;
}

export function rejectForbiddenCharacters(request: {
  body?: unknown;
  query?: unknown;
  params?: unknown;
}) {
  if (depthExceeds(request.body, MAX_DEPTH)) {
    throw new AppError(
      "VALIDATION_ERROR",
      400,
      {},
      { issues: [{ path: "body", message: "nested too deeply" }] },
    );
  }
  for (const [part, value] of [
    ["body", request.body],
    ["query", request.query],
    ["params", request.params],
  ] as const) {
    const path = findForbiddenCharacter(value);
    if (path !== null) {
      throw new AppError(
        "VALIDATION_ERROR",
        400,
        {},
        { issues: [{ path: path || part, message: "control characters are not allowed" }] },
      );
    }
  }
}
