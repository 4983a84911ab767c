import { readFileSync, rmSync, writeFileSync } from "node:fs";

/** Another process (a running server) holds the embedded database. */
export class EmbeddedDatabaseBusyError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dir} is in use by another process (pid ${pid}), probably a ` +
        "running FRE server. The embedded database allows one process at a time: stop the server " +
        "(Ctrl+C) and run this again, or use PostgreSQL (DATABASE_URL=postgres://…).",
    );
    this.name = "EmbeddedDatabaseBusyError";
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/**
 * PGlite keeps no lock of its own: two processes opening one data folder would corrupt it. The
 * first process writes its pid in `<folder>.fre-lock`; another live process refuses to open the folder. A
 * lock left by a process that died is taken over.
 */
export function lockEmbeddedDatabase(dir: string): () => void {
  // Beside the folder, not in it: PGlite's initdb wants an empty folder.
  const file = `${dir}.fre-lock`;
  let holder: number | null = null;
  try {
    holder = Number.parseInt(readFileSync(file, "utf8"), 10);
  } catch {
    holder = null;
  }
  if (holder && holder !== process.pid && isAlive(holder)) {
    throw new EmbeddedDatabaseBusyError(dir, holder);
  }
  writeFileSync(file, String(process.pid));
  return () => {
    try {
      if (Number.parseInt(readFileSync(file, "utf8"), 10) === process.pid) rmSync(file);
    } catch {
      // Already gone: nothing to release.
    }
  };
}
