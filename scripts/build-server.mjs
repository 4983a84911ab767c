// The server compiled for production (decision 0051): apps/server/src's entry points bundled by
// esbuild into apps/server/dist/*.mjs (our code and the workspace package @fre/shared, which
// ships TypeScript; every other package stays an import of node_modules), beside the SQL
// migrations the code finds next to itself. `node apps/server/dist/server.mjs` then needs Node
// and the production dependencies only: no tsx, no TypeScript at run time.
//   node scripts/build-server.mjs [--outdir DIR]
import { cpSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { build } from "esbuild";

const root = resolve(import.meta.dirname, "..");
const serverSrc = join(root, "apps/server/src");

/** The entry points: the server and the command-line tools an operator runs next to it. */
export const SERVER_ENTRIES = {
  server: "server.ts",
  admin: "cli/admin.ts",
  "ledger-verify": "cli/ledger-verify.ts",
  backup: "cli/backup.ts",
  restore: "cli/restore.ts",
  "rotate-key": "cli/rotate-key.ts",
  "ton-check": "cli/ton-check.ts",
};

/** Builds into `outdir` (default apps/server/dist), replacing what was there. */
export async function buildServer(outdir = join(root, "apps/server/dist")) {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: Object.fromEntries(
      Object.entries(SERVER_ENTRIES).map(([name, file]) => [name, join(serverSrc, file)]),
    ),
    outdir,
    bundle: true,
    // Shared modules (config, database, the app) go into chunks beside the entries: the
    // migrations folder, found relative to the module (db/client.ts), is then dist/migrations.
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20.19",
    outExtension: { ".js": ".mjs" },
    chunkNames: "chunk-[hash]",
    sourcemap: true,
    logLevel: "warning",
    plugins: [
      {
        name: "node-modules-external",
        setup(context) {
          // A bare import is a package: left to Node, except our own workspace packages.
          context.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith("@fre/") ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  cpSync(join(serverSrc, "db/migrations"), join(outdir, "migrations"), { recursive: true });
  return outdir;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf("--outdir");
  const outdir = await buildServer(at > 0 ? resolve(process.argv[at + 1]) : undefined);
  process.stdout.write(`Server built into ${outdir}\n`);
}
