import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The server's folders point one way (decision 0066, issue 35 point 1). A folder is
 * `modules/<name>` or `adapters/<name>`, any other folder under `src` as a whole (`lib`, `http`,
 * `db`, `i18n`, `cli`), or a file at the root of `src` on its own (`config.ts`, `app.ts`…). The
 * layers, bottom first — a folder imports only folders of its own layer or a lower one:
 *
 * 0. settings and words: `config.ts` (parses the environment, builds nothing), `s3-url.ts`
 *    (its `FILES_URL` parser), `i18n`;
 * 1. `db`: the client, the schema, the migrations;
 * 2. `lib`: the platform's helpers (errors, clock, outbox, event bus, the domain events' port);
 * 3. `http`: the HTTP layer — the contract routes, the viewer, the signed-in and admin scopes;
 * 4. `modules/*`: the features, each one folder; they may import one another but never in a
 *    loop (a module reads another's data through its exported read functions);
 * 5. `adapters/*`: the outside world's drivers, implementing the ports the modules own;
 * 6. the composition root: `domain-effects.ts` (the events' listeners), `composition.ts` (builds
 *    the services and adapters from the config), `routes.ts`, `web-render.ts`, `web.ts`, `app.ts`,
 *    `cluster.ts`, `server.ts`, and the console commands in `cli`.
 *
 * And no folder graph cycle at all, modules included. Tests (`*.test.ts`) are not part of the
 * graph: a module's test may stand up an adapter's stub.
 */
const SRC = fileURLToPath(new URL("../src/", import.meta.url));

const LAYERS: readonly (readonly string[])[] = [
  ["config.ts", "s3-url.ts", "i18n"],
  ["db"],
  ["lib"],
  ["http"],
  ["modules/*"],
  ["adapters/*"],
  [
    "domain-effects.ts",
    "composition.ts",
    "routes.ts",
    "web-render.ts",
    "web.ts",
    "app.ts",
    "cluster.ts",
    "server.ts",
    "cli",
  ],
];

/**
 * The arrows that still run back up or close a loop, each `from -> to` between folders. The list
 * only shrinks: an arrow not on it fails, and so does a listed arrow that is gone.
 */
const ALLOWED = new Set<string>([]);

/** The folder a file of `src` belongs to (see above). */
function folderOf(path: string): string {
  const parts = path.split("/");
  if (parts.length === 1) return parts[0]!;
  if (parts[0] === "modules" || parts[0] === "adapters") return `${parts[0]}/${parts[1]}`;
  return parts[0]!;
}

/** A folder's layer (its index in LAYERS); a folder no layer names fails the test. */
function layerOf(folder: string): number {
  const wildcard = folder.includes("/") ? `${folder.split("/")[0]}/*` : null;
  const index = LAYERS.findIndex((layer) => layer.includes(folder) || layer.includes(wildcard!));
  if (index < 0) throw new Error(`no layer names ${folder}: add it to LAYERS`);
  return index;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const srcPath = (file: string) => relative(SRC, file).split(sep).join("/");

/** Every relative import of a text (static, type-only, re-exports, `import()`), as written. */
function specifiersOf(text: string): string[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles.map((imported) => imported.fileName).filter((s) => s.startsWith("."));
}

/** Each folder arrow with the file imports that draw it (`a.ts -> b.ts`). */
function folderGraph(): Map<string, string[]> {
  const arrows = new Map<string, string[]>();
  for (const file of filesUnder(SRC)) {
    const from = srcPath(file);
    for (const specifier of specifiersOf(readFileSync(file, "utf8"))) {
      const target = resolve(dirname(file), specifier);
      if (relative(SRC, target).startsWith("..")) continue; // @fre/shared, the tests' fixtures…
      const to = srcPath(target);
      const [a, b] = [folderOf(from), folderOf(to)];
      if (a === b) continue;
      const key = `${a} -> ${b}`;
      arrows.set(key, [...(arrows.get(key) ?? []), `${from} -> ${to}`]);
    }
  }
  return arrows;
}

/** The arrows inside a loop: both ends in one strongly connected component (Tarjan). */
function arrowsInCycles(arrows: Iterable<string>): string[] {
  const next = new Map<string, string[]>();
  const pairs = [...arrows].map((arrow) => arrow.split(" -> ") as [string, string]);
  for (const [a, b] of pairs) {
    next.set(a, [...(next.get(a) ?? []), b]);
    if (!next.has(b)) next.set(b, []);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const component = new Map<string, number>();
  const stack: string[] = [];
  let counter = 0;
  let components = 0;
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    for (const to of next.get(node)!) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (!component.has(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      let member: string;
      do {
        member = stack.pop()!;
        component.set(member, components);
      } while (member !== node);
      components++;
    }
  };
  for (const node of next.keys()) if (!index.has(node)) visit(node);
  return pairs
    .filter(([a, b]) => component.get(a) === component.get(b))
    .map(([a, b]) => `${a} -> ${b}`);
}

/**
 * The arrows that break the layering: back up a layer, or in a loop inside one layer (between
 * two modules, say). A loop across layers always holds an arrow back up, which is named already.
 */
function offending(arrows: Map<string, string[]>): Map<string, string> {
  const found = new Map<string, string>();
  const within: string[] = [];
  for (const arrow of arrows.keys()) {
    const [a, b] = arrow.split(" -> ") as [string, string];
    if (layerOf(a) < layerOf(b)) found.set(arrow, "back up");
    else if (layerOf(a) === layerOf(b)) within.push(arrow);
  }
  for (const arrow of arrowsInCycles(within)) found.set(arrow, "in a loop");
  return found;
}

/** The arrows named, each with why and the imports that draw it. */
const describeArrows = (
  arrows: Map<string, string[]>,
  names: Iterable<string>,
  why: Map<string, string>,
) =>
  [...names]
    .sort()
    .map((arrow) => {
      const imports = (arrows.get(arrow) ?? []).map((line) => `\n    ${line}`).join("");
      return `${arrow} (${why.get(arrow) ?? "gone"})${imports}`;
    })
    .join("\n");

describe("folder graph of apps/server/src", () => {
  const arrows = folderGraph();
  const bad = offending(arrows);

  it("reads the imports it judges", () => {
    // A reader that saw nothing would pass every rule.
    expect(arrows.get("routes.ts -> modules/mining")).toContain(
      "routes.ts -> modules/mining/mining.routes.ts",
    );
    expect(arrows.get("modules/mining -> lib")?.length).toBeGreaterThan(3);
    expect(
      specifiersOf(
        'import type { A } from "./a.ts";\nexport { b } from "../b.ts";\nexport * from "./c.ts";\nconst d = await import("./d.ts");\nimport { z } from "zod";\n',
      ),
    ).toEqual(["./a.ts", "../b.ts", "./c.ts", "./d.ts"]);
  });

  it("names folders and layers as the rule says", () => {
    expect(folderOf("modules/mining/mining.repo.ts")).toBe("modules/mining");
    expect(folderOf("adapters/chain/memory-chain.ts")).toBe("adapters/chain");
    expect(folderOf("lib/backup/backup.ts")).toBe("lib");
    expect(folderOf("config.ts")).toBe("config.ts");
    expect(layerOf("lib")).toBeLessThan(layerOf("http"));
    expect(layerOf("http")).toBeLessThan(layerOf("modules/mining"));
    expect(layerOf("modules/mining")).toBe(layerOf("modules/admin"));
    expect(layerOf("modules/ton")).toBeLessThan(layerOf("adapters/chain"));
    expect(layerOf("adapters/chain")).toBeLessThan(layerOf("composition.ts"));
    expect(() => layerOf("somewhere-new")).toThrow(/no layer names/);
  });

  it("finds the arrows of a loop and only those", () => {
    expect(
      arrowsInCycles(["a -> b", "b -> c", "c -> a", "c -> d", "d -> e", "x -> a"]).sort(),
    ).toEqual(["a -> b", "b -> c", "c -> a"]);
    expect(arrowsInCycles(["a -> b", "b -> a"]).sort()).toEqual(["a -> b", "b -> a"]);
    expect(arrowsInCycles(["a -> b", "b -> c", "a -> c"])).toEqual([]);
  });

  it("has every folder in a layer", () => {
    for (const arrow of arrows.keys()) {
      for (const folder of arrow.split(" -> ")) expect(() => layerOf(folder)).not.toThrow();
    }
  });

  it("has no arrow back up a layer and no loop beyond the listed ones", () => {
    const unlisted = [...bad.keys()].filter((arrow) => !ALLOWED.has(arrow));
    expect(unlisted, describeArrows(arrows, unlisted, bad)).toEqual([]);
  });

  it("lists no arrow that is gone", () => {
    const gone = [...ALLOWED].filter((arrow) => !bad.has(arrow));
    expect(gone, describeArrows(arrows, gone, bad)).toEqual([]);
  });
});
