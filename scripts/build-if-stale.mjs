// `npm start` builds the web app only when its inputs changed since the last build: a restart
// (after `npm run admin`, say) takes seconds, not a minute. The inputs' contents are hashed (not
// their times: a checkout or a copy touches every file) and the hash is kept beside the build.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const dist = join(root, "apps/web/dist");
const stamp = join(dist, ".build-inputs");
const INPUTS = [
  "apps/web",
  "packages/shared/src",
  "apps/server/src/cli/precompress.ts",
  "package-lock.json",
  "package.json",
];
const SKIP = new Set(["node_modules", "dist", ".vite", "coverage"]);

function files(path) {
  const stats = statSync(path, { throwIfNoEntry: false });
  if (!stats) return [];
  if (stats.isFile()) return [path];
  return readdirSync(path)
    .filter((name) => !SKIP.has(name))
    .sort()
    .flatMap((name) => files(join(path, name)));
}

function inputsHash() {
  const hash = createHash("sha256");
  for (const file of INPUTS.flatMap((input) => files(join(root, input)))) {
    hash
      .update(`${relative(root, file)}\0`)
      .update(readFileSync(file))
      .update("\0");
  }
  return hash.digest("hex");
}

const wanted = inputsHash();
const built = existsSync(join(dist, "index.html")) && existsSync(stamp);
if (built && readFileSync(stamp, "utf8").trim() === wanted) {
  process.stdout.write("Web app build is up to date (apps/web/dist): skipping the build.\n");
  process.exit(0);
}
const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
if (result.status !== 0) process.exit(result.status ?? 1);
writeFileSync(stamp, `${wanted}\n`);
