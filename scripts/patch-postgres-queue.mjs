// postgres.js 3.4.x keeps its connection queues in an array whose `shift` leaves a hole and
// whose `remove` scans the whole array, holes included. Under sustained load the `busy` queue
// never empties, so the array grows without bound (36 000 entries after 30 s of the API bench)
// and every query pays an O(n) scan: a slow leak. This replaces that one small module with a
// queue that skips the holes and compacts itself (decision 0008). It runs after `npm install`;
// it refuses to touch a file it does not recognise, so a postgres.js upgrade is checked by hand.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const MARK = "// fre: compacting queue (scripts/patch-postgres-queue.mjs)";
const body = (exportLine) => `${MARK}
${exportLine}

function Queue(initial = []) {
  let xs = initial.slice()
  let index = 0

  return {
    get length() {
      return xs.length - index
    },
    remove: (x) => {
      const at = xs.indexOf(x, index)
      return at === -1
        ? null
        : (xs.splice(at, 1), x)
    },
    push: (x) => (xs.push(x), x),
    shift: () => {
      if (index >= xs.length)
        return undefined

      const out = xs[index]
      xs[index++] = undefined
      if (index === xs.length) {
        index = 0
        xs = []
      } else if (index >= 32) {
        xs = xs.slice(index)
        index = 0
      }

      return out
    }
  }
}
`;

const require = createRequire(import.meta.url);
const root = (require.resolve.paths("postgres") ?? [])
  .map((folder) => join(folder, "postgres"))
  .find((folder) => existsSync(join(folder, "package.json")));
if (!root) process.exit(0); // not installed (yet): nothing to patch
const targets = [
  ["src/queue.js", "export default Queue"],
  ["cf/src/queue.js", "export default Queue"],
  ["cjs/src/queue.js", "module.exports = Queue"],
];
for (const [file, exportLine] of targets) {
  const path = join(root, file);
  let text;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    continue;
  }
  if (text.startsWith(MARK)) continue;
  if (!text.includes("const index = xs.indexOf(x)") || !text.includes(exportLine)) {
    console.error(
      `patch-postgres-queue: ${path} is not the expected postgres.js queue; not patched`,
    );
    process.exit(1);
  }
  writeFileSync(path, body(exportLine));
}
