import { closeSync, fsyncSync, mkdirSync, openSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";

/** How a generated default admin access code reaches the person who started the server. */
export interface AdminCodeNotice {
  /**
   * Shows the code once, never through the log; answers where a person finds it (a file's path,
   * or this terminal), which the boot log then says — without the code.
   */
  announce(code: string): string;
  /** The code is no longer needed (an admin has set their own): forget where it was kept. */
  forget(): void;
}

export const ADMIN_CODE_FILE = "admin-access-code.txt";

/** The code in a framed block a person notices among the console's lines. */
export function adminCodeBlock(code: string): string {
  const lines = [
    "Default admin access code (shown only this once, note it now):",
    "",
    `    ${code}`,
    "",
    "Promote your account with `npm run admin -- promote EMAIL`, then open /admin.",
  ];
  const width = Math.max(...lines.map((line) => line.length)) + 2;
  const row = (line: string) => `  │ ${line.padEnd(width - 1)}│`;
  return `\n  ┌${"─".repeat(width)}┐\n${lines.map(row).join("\n")}\n  └${"─".repeat(width)}┘\n\n`;
}

/**
 * Writes `text` to a new file only this user can read, in `folder` (made 0700 when missing), and
 * waits until it is on disk: the caller stores the code's hash only after this returns.
 */
function writePrivateFile(folder: string, path: string, text: string) {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  rmSync(path, { force: true });
  const file = openSync(path, "wx", 0o600);
  try {
    writeSync(file, text);
    fsyncSync(file);
  } finally {
    closeSync(file);
  }
  // The file's name is on disk once its folder is (Windows cannot open a folder to sync it).
  if (process.platform === "win32") return;
  const directory = openSync(folder, "r");
  try {
    fsyncSync(directory);
  } finally {
    closeSync(directory);
  }
}

/**
 * On a terminal, the code is printed there. Otherwise the console is most likely captured into
 * logs (systemd, a container runtime, a log shipper), so the code goes to a file only the
 * server's user can read, next to the data, and only its path is printed; the file is deleted
 * once an admin has set their own code. A code that cannot be written throws: the server must
 * not store a code nobody can read.
 */
export function consoleAdminCodeNotice(options: {
  terminal: boolean;
  folder: string;
  print: (text: string) => void;
}): AdminCodeNotice {
  const path = join(options.folder, ADMIN_CODE_FILE);
  return {
    announce(code) {
      if (options.terminal) {
        options.print(adminCodeBlock(code));
        return "printed once on this terminal, above";
      }
      try {
        writePrivateFile(options.folder, path, `${code}\n`);
      } catch (error) {
        throw new Error(
          `Cannot write the generated admin access code to ${path} ` +
            `(${(error as Error).message}): make ${options.folder} a folder this user can write, ` +
            "or set ADMIN_DEFAULT_ACCESS_CODE. Nothing was stored; the next start makes a new code.",
          { cause: error },
        );
      }
      options.print(
        `\n  The default admin access code is in ${path} (readable by this user only; ` +
          "deleted once an admin has set their own code).\n\n",
      );
      return `in ${path} (readable by this user only)`;
    },
    forget() {
      rmSync(path, { force: true });
    },
  };
}
