import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/**
 * Writes .br and .gz twins of the built web files so the server sends them compressed
 * (@fastify/static `preCompressed`) without spending CPU per request.
 */
const root = process.argv[2] ?? "apps/web/dist";
const compressible = /\.(js|css|html|svg|json|webmanifest|txt|xml)$/;
let count = 0;

function walk(dir: string) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    // Dot folders (.vite/, .ssr/) are the build's own, never served.
    if (name.startsWith(".")) continue;
    if (statSync(path).isDirectory()) walk(path);
    else if (compressible.test(name) && statSync(path).size >= 1024) {
      const data = readFileSync(path);
      writeFileSync(
        `${path}.br`,
        brotliCompressSync(data, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
        }),
      );
      writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
      count += 1;
    }
  }
}

walk(root);
process.stdout.write(`precompressed ${count} files in ${root}\n`);
