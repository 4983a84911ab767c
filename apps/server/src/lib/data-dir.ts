import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { ConfigError } from "../config.ts";

/**
 * DATA_DIR, made (0700: it holds the data key and the admin code) when missing, at every boot:
 * the code folder may be read-only, so this is the one folder the server writes (decision 0051).
 * Resolves to its absolute path; throws a ConfigError naming the key when it cannot be made.
 */
export function ensureDataDir(dataDir: string): string {
  const path = resolve(dataDir);
  try {
    mkdirSync(path, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new ConfigError([
      `DATA_DIR: cannot create ${path} (${(error as Error).message}) — set DATA_DIR to a folder ` +
        "this user can write (the code folder may be read-only)",
    ]);
  }
  return path;
}
