import os from "node:os";
import type { Db } from "../db/client.ts";
import type { Clock } from "../lib/clock.ts";
import { AppError } from "../lib/errors.ts";
import { type CodeResetOrigin, resetAccessCode } from "../modules/admin/admin.service.ts";
import { setRoleByEmail } from "../modules/users/users.repo.ts";
import { ADMIN_USAGE, isAdminCommand } from "./admin-usage.ts";

export { ADMIN_USAGE, isAdminCommand };

/** Where a command writes: the code reset's new code goes to `out` only, once. */
export interface CommandOutput {
  out: (line: string) => void;
  err: (line: string) => void;
}

/**
 * Who runs this console: the system account and the host, for the audit entry of a code reset.
 * A system account without a name (a container's bare uid) is named by its number.
 */
export function consoleOrigin(): CodeResetOrigin {
  let osUser: string;
  try {
    osUser = os.userInfo().username;
  } catch {
    osUser = `uid ${process.getuid?.() ?? "unknown"}`;
  }
  return { via: "cli", osUser, host: os.hostname() };
}

/**
 * `npm run admin -- <command> EMAIL` on an open database; returns the exit code (0 done, 1 refused,
 * 2 usage). Kept apart from the entry point so the tests run it against their database.
 */
export async function runAdminCommand(
  deps: { db: Db; clock: Clock },
  argv: string[],
  output: CommandOutput,
): Promise<number> {
  const [command, email] = argv;
  if (!isAdminCommand(argv) || !email) {
    output.err(ADMIN_USAGE);
    return 2;
  }
  switch (command) {
    case "promote":
    case "demote": {
      const found = await setRoleByEmail(deps.db, email, command === "promote" ? "admin" : "user");
      if (!found) {
        output.err(`No user with e-mail ${email}`);
        return 1;
      }
      output.out(`${email} is now ${command === "promote" ? "an admin" : "a user"}`);
      return 0;
    }
    case "reset-code":
      return resetCode(deps, email, consoleOrigin(), output);
    default:
      output.err(ADMIN_USAGE);
      return 2;
  }
}

async function resetCode(
  deps: { db: Db; clock: Clock },
  email: string,
  origin: CodeResetOrigin,
  output: CommandOutput,
) {
  try {
    const { code, endedElevations } = await resetAccessCode(deps, email, origin);
    output.out(`New personal admin access code for ${email} (shown once, not stored in clear):`);
    output.out(code);
    output.out(
      `Their ${endedElevations} open admin access(es) ended; they enter this code at /admin ` +
        "and may then choose their own.",
    );
    return 0;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === "NOT_FOUND") output.err(`No user with e-mail ${email}`);
    else if (error.code === "ADMIN_REQUIRED") {
      output.err(
        `${email} is not an admin: no access code to reset (promote them first: ` +
          "npm run admin -- promote EMAIL)",
      );
    } else throw error;
    return 1;
  }
}
