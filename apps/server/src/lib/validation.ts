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
